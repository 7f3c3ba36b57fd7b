#!/usr/bin/env bash
# A stand-in app for FlowKit's own tests. It speaks the automation protocol (one JSON frame per
# command) and misbehaves on request: tapping "Crash" kills it with SIGSEGV, "Hang" makes it stop
# answering, "Exit" makes it exit with code 3 after writing a line that is not a frame, "Latin1"
# the same after a line that is not UTF-8 (a Latin-1 é). Two
# buttons share the label "OK". Tapping "Work" answers with a busy frame that shows "Working" (work
# in flight under an overlay), then pushes an idle frame without it (the work done). With FAKE_BUSY=1 it starts busy (its first frame is not idle,
# showing "Starting") and never settles. With FAKE_SCREEN=inaccessible its screen has what the
# accessibility audit must find: a button with no label, and two buttons with one identifier;
# with FAKE_SCREEN=later it shows that screen only from its answer to the first tap on; with
# FAKE_SCREEN=latin1 it has a "Latin1" button; with FAKE_SCREEN=refuse its one button, "Refuse", is
# answered with an error (an action its own screen offers, refused). A tap on "Noise" (on no
# screen: sent raw) writes FAKE_NOISE lines of about 110 bytes to standard error, then answers.
elements='{"kind":"button","identifier":"Crash","label":"Crash","value":null,"enabled":true,"selected":false,"selectable":false,"focused":false,"secure":false,"children":[]},{"kind":"button","identifier":"Hang","label":"Hang","value":null,"enabled":true,"selected":false,"selectable":false,"focused":false,"secure":false,"children":[]},{"kind":"button","identifier":"Exit","label":"Exit","value":null,"enabled":true,"selected":false,"selectable":false,"focused":false,"secure":false,"children":[]},{"kind":"staticText","identifier":"hello","label":"Hello","value":null,"enabled":true,"selected":false,"selectable":false,"focused":false,"secure":false,"children":[]},{"kind":"button","identifier":"ok-1","label":"OK","value":null,"enabled":true,"selected":false,"selectable":false,"focused":false,"secure":false,"children":[]},{"kind":"button","identifier":"ok-2","label":"OK","value":null,"enabled":true,"selected":false,"selectable":false,"focused":false,"secure":false,"children":[]},{"kind":"button","identifier":"Work","label":"Work","value":null,"enabled":true,"selected":false,"selectable":false,"focused":false,"secure":false,"children":[]}'
working='{"kind":"staticText","identifier":"working","label":"Working","value":null,"enabled":true,"selected":false,"selectable":false,"focused":false,"secure":false,"children":[]}'
frame() {
  printf '{"seq":%d,"reply":%s,"error":%s,"idle":%s,"screen":{"title":"Fake","elements":[%s],"list":null},"text":"── Fake ──\\n[1]  < Crash >\\n[2]  < Hang >"}\n' \
    "$1" "${2:-null}" "${5:-null}" "${3:-true}" "${4:-$elements}"
}
inaccessible='{"kind":"button","identifier":"icon","label":"","value":null,"enabled":true,"selected":false,"selectable":false,"focused":false,"secure":false,"children":[]},{"kind":"button","identifier":"save","label":"Save","value":null,"enabled":true,"selected":false,"selectable":false,"focused":false,"secure":false,"children":[]},{"kind":"button","identifier":"save","label":"Save a copy","value":null,"enabled":true,"selected":false,"selectable":false,"focused":false,"secure":false,"children":[]}'
later=
case "${FAKE_SCREEN:-}" in
  inaccessible) elements=$inaccessible ;;
  later) later=$inaccessible ;;
  latin1) elements="$elements,"'{"kind":"button","identifier":"Latin1","label":"Latin1","value":null,"enabled":true,"selected":false,"selectable":false,"focused":false,"secure":false,"children":[]}' ;;
  refuse) elements='{"kind":"button","identifier":"Refuse","label":"Refuse","value":null,"enabled":true,"selected":false,"selectable":false,"focused":false,"secure":false,"children":[]}' ;;
esac
if [ "${FAKE_BUSY:-}" = 1 ]; then
  frame 1 null false '{"kind":"staticText","identifier":"starting","label":"Starting","value":null,"enabled":true,"selected":false,"selectable":false,"focused":false,"secure":false,"children":[]}'
  while IFS= read -r _; do :; done
  exit 0
fi
seq=1
frame 1 null
while IFS= read -r line; do
  seq=$((seq + 1))
  id=$(printf '%s' "$line" | sed -n 's/.*"id":\([0-9]*\).*/\1/p')
  case "$line" in *'"action":"tap"'*) if [ -n "$later" ]; then elements=$later; later=; fi ;; esac
  case "$line" in
    *'"target":"Crash"'*) echo "fake-app: about to crash" >&2; kill -SEGV $$ ;;
    *'"target":"Hang"'*) echo "fake-app: hanging" >&2; while IFS= read -r _; do :; done ;;
    *'"target":"Work"'*) frame "$seq" "${id:-0}" false "$elements,$working"; seq=$((seq + 1)); frame "$seq" null ;;
    *'"target":"Exit"'*) echo "fake-app: exiting" >&2; echo "this is not a frame"; exit 3 ;;
    *'"target":"Latin1"'*) printf '{"seq":%d,"text":"caf\351"}\n' "$seq"; exit 3 ;;
    *'"target":"Noise"'*)
      awk -v n="${FAKE_NOISE:-0}" 'BEGIN { for (i = 1; i <= n; i++) printf "noise line %06d %s\n", i, "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx" > "/dev/stderr" }'
      frame "$seq" "${id:-0}" ;;
    *'"target":"Refuse"'*) frame "$seq" "${id:-0}" true "$elements" '"it is not allowed"' ;;
    *) echo "fake-app: got $line" >&2; frame "$seq" "${id:-0}" ;;
  esac
done
