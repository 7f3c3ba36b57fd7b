#!/usr/bin/env bash
# A stand-in app for FlowKit's own tests. It speaks the automation protocol (one JSON frame per
# command) and misbehaves on request: tapping "Crash" kills it with SIGSEGV, "Hang" makes it stop
# answering, "Exit" makes it exit with code 3 after writing a line that is not a frame.
frame() {
  printf '{"seq":%d,%s"idle":true,"screen":{"title":"Fake","elements":[%s]},"text":"── Fake ──\\n[1]  < Crash >\\n[2]  < Hang >"}\n' \
    "$1" "$2" '{"kind":"button","identifier":"Crash","label":"Crash"},{"kind":"button","identifier":"Hang","label":"Hang"},{"kind":"button","identifier":"Exit","label":"Exit"},{"kind":"staticText","identifier":"hello","label":"Hello"}'
}
seq=1
frame 1 ""
while IFS= read -r line; do
  seq=$((seq + 1))
  id=$(printf '%s' "$line" | sed -n 's/.*"id":\([0-9]*\).*/\1/p')
  case "$line" in
    *'"target":"Crash"'*) echo "fake-app: about to crash" >&2; kill -SEGV $$ ;;
    *'"target":"Hang"'*) echo "fake-app: hanging" >&2; while IFS= read -r _; do :; done ;;
    *'"target":"Exit"'*) echo "fake-app: exiting" >&2; echo "this is not a frame"; exit 3 ;;
    *) frame "$seq" "\"reply\":${id:-0}," ;;
  esac
done
