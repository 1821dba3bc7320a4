package cli

import (
	"context"
	"net/http"
	"time"

	"deepcritical/backend/services"
)

func doctorCommand() *command {
	return &command{
		name: "doctor", summary: "check paths, database, judges, Ollama and search endpoints", usage: "doctor [--json]",
		flags:   jsonOnly,
		maxArgs: 0,
		run: func(ctx context.Context, e *env, opts any, _ []string) error {
			checks := services.Doctor(ctx, e.app.paths, &http.Client{Timeout: 5 * time.Second})
			if opts.(*jsonFlag).json {
				return writeJSON(e.stdout, checks)
			}
			for _, c := range checks {
				state := "missing"
				if c.OK {
					state = "ok"
				}
				e.printf("%-7s %-22s %s\n", state, c.Name, c.Detail)
			}
			return nil
		},
	}
}
