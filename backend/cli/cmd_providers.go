package cli

import (
	"context"
	"fmt"

	"deepcritical/backend/domain"
	"deepcritical/backend/services"
)

func providersCommand() *command {
	return &command{
		name:    "providers",
		summary: "list the judges and whether each is configured",
		subs: []*command{
			{
				name: "list", summary: "list judges, their models and where data goes", usage: "providers list [--json]",
				flags:   jsonOnly,
				maxArgs: 0,
				run: func(ctx context.Context, e *env, opts any, _ []string) error {
					c, err := e.app.services(ctx)
					if err != nil {
						return err
					}
					list, err := c.Providers.List()
					if err != nil {
						return err
					}
					if opts.(*jsonFlag).json {
						return writeJSON(e.stdout, list)
					}
					for _, p := range list {
						state := "missing"
						if p.Configured {
							state = "ok"
						}
						def := " "
						if p.Default {
							def = "*"
						}
						e.printf("%s %-12s %-8s %-32s %s\n   %s\n", def, p.Name, state, p.Model, p.Reason, p.DataNote)
					}
					e.infof("\n* = default judge (change with: deepcritical settings set judge.provider NAME)\n")
					return nil
				},
			},
			{
				name: "test", summary: "make a tiny structured call and report model and latency", usage: "providers test NAME [--json]",
				flags:   jsonOnly,
				minArgs: 1, maxArgs: 1,
				run: func(ctx context.Context, e *env, opts any, args []string) error {
					c, err := providerServices(ctx, e, args[0])
					if err != nil {
						return err
					}
					res, err := c.Providers.Test(args[0])
					if err != nil {
						return err
					}
					if opts.(*jsonFlag).json {
						if err := writeJSON(e.stdout, res); err != nil {
							return err
						}
					} else if res.OK {
						e.printf("ok  %s  model %s  %d ms", res.Provider, res.Model, res.LatencyMS)
						if res.ContextTokens > 0 {
							e.printf("  context %d tokens", res.ContextTokens)
						}
						e.printf("\n")
					}
					if !res.OK {
						return fmt.Errorf("%s: %s", res.Provider, res.Error)
					}
					return nil
				},
			},
			{
				name: "models", summary: "list the models a provider serves (Ollama, OpenAI-compatible)", usage: "providers models NAME [--json]",
				flags:   jsonOnly,
				minArgs: 1, maxArgs: 1,
				run: func(ctx context.Context, e *env, opts any, args []string) error {
					c, err := providerServices(ctx, e, args[0])
					if err != nil {
						return err
					}
					models, err := c.Providers.Models(args[0])
					if err != nil {
						return err
					}
					if opts.(*jsonFlag).json {
						return writeJSON(e.stdout, models)
					}
					for _, m := range models {
						e.printf("%s\n", m)
					}
					return nil
				},
			},
		},
	}
}

// providerServices checks a provider name (a usage error names the valid ones) and opens
// the services for a providers subcommand.
func providerServices(ctx context.Context, e *env, name string) (*services.Container, error) {
	if _, err := domain.ParseProvider(name); err != nil {
		return nil, usagef("%s", domain.SafeMessage(err))
	}
	return e.app.services(ctx)
}
