package cli

import (
	"context"
	"errors"
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
				if err := writeJSON(e.stdout, checks); err != nil {
					return err
				}
			} else {
				for _, c := range checks {
					e.printf("%-9s %-22s %s\n", c.State, c.Name, c.Detail)
				}
			}
			if services.Damaged(checks) {
				return errors.New("a file DeepCritical needs is damaged (see above)")
			}
			return nil
		},
	}
}
