# The package built and its flows run in the official Swift image: `docker build -t workphotos-flows .`
# then `docker run --rm workphotos-flows` runs every flow; with FLOW_ARGS="--shard auto" and a CI
# engine's variables (or FLOW_SHARD=I/N, or a Kubernetes Indexed Job's) it runs one shard.
FROM swift:6.3
WORKDIR /workphotos
COPY . .
# make build installs the Debian packages the build needs (make deps), then builds.
RUN make build
ENV FLOW_ARGS=""
CMD ["sh", "-c", "make flows FLOW_ARGS=\"$FLOW_ARGS\""]
