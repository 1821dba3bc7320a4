package judge

// MaxEvidenceFileBytes bounds an evidence file `deepcritical judge --evidence` reads (its
// items are read by services.ParseEvidence, the MCP tool's reading too).
const MaxEvidenceFileBytes = 64 << 20
