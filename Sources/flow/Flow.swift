import FlowCommandLine
import WorkPhotosRobots

/// WorkPhotos' flow runner: the toolkit's command line with the WorkPhotos robots.
@main
enum Flow {
    static func main() {
        FlowRunnerCommandLine.main(name: "flow", catalog: WorkPhotosCatalog.catalog, flows: "Flows", schemes: "Flows/schemes", guide: "docs/flows.md")
    }
}
