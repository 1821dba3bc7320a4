package services

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestMCPSetupIsThisProgram(t *testing.T) {
	for _, tc := range []struct {
		command string
		flags   []string
		args    []string
	}{
		{`/usr/bin/deepcritical`, nil, []string{"mcp"}},
		{`C:\Users\Ana "Lab"\AppData\Local\Programs\DeepCritical\deepcritical.exe`, []string{"--read-only"}, []string{"mcp", "--read-only"}},
	} {
		s := MCPSetupFor(tc.command, tc.flags...)
		var cfg struct {
			MCPServers map[string]struct {
				Command string   `json:"command"`
				Args    []string `json:"args"`
			} `json:"mcpServers"`
		}
		require.NoError(t, json.Unmarshal([]byte(s.Config), &cfg), "a path with quotes and backslashes stays valid JSON")
		require.Equal(t, tc.command, cfg.MCPServers["deepcritical"].Command)
		require.Equal(t, tc.args, cfg.MCPServers["deepcritical"].Args)
		require.Equal(t, tc.args, s.Args)
	}
	exe, err := os.Executable()
	require.NoError(t, err)
	got, err := (&AppService{}).MCPSetup()
	require.NoError(t, err)
	require.Equal(t, exe, got.Command, "the window shows the path of the program it runs from")
}
