package mcpserver

import (
	"context"
	"regexp"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"deepcritical/backend/domain"
	"deepcritical/backend/services"
)

// reportURITemplate names a stored run's Markdown report as an MCP resource.
const reportURITemplate = "deepcritical://runs/{id}/report.md"

// ReportURI is the resource of a run's report.
func ReportURI(runID string) string { return "deepcritical://runs/" + runID + "/report.md" }

// reportURI reads the run id out of a report resource's URI.
var reportURI = regexp.MustCompile(`^deepcritical://runs/([^/]+)/report\.md$`)

// readReport answers a resources/read of a report: the report of record, brought up to date
// (the export code get_report's md uses). An unknown run is "resource not found".
func (t *tools) readReport(_ context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	uri := req.Params.URI
	m := reportURI.FindStringSubmatch(uri)
	if m == nil {
		return nil, mcp.ResourceNotFoundError(uri)
	}
	x, err := t.svc.Reports.Text(services.ExportRequest{RunID: m[1], Format: "md"})
	if domain.CodeOf(err) == domain.CodeNotFound {
		return nil, mcp.ResourceNotFoundError(uri)
	}
	if err != nil {
		return nil, toolError(err)
	}
	return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: uri, MIMEType: "text/markdown", Text: x.Text}}}, nil
}
