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
			onProvider("test", "make a tiny structured call and report model and latency",
				func(e *env, p *services.ProviderService, name string, asJSON bool) error {
					res, err := p.Test(name)
					if err != nil {
						return err
					}
					if asJSON {
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
				}),
			onProvider("models", "list the models a provider serves (Ollama, OpenAI-compatible)",
				func(e *env, p *services.ProviderService, name string, asJSON bool) error {
					models, err := p.Models(name)
					if err != nil {
						return err
					}
					if asJSON {
						return writeJSON(e.stdout, models)
					}
					for _, m := range models {
						e.printf("%s\n", m)
					}
					return nil
				}),
		},
	}
}

// onProvider is a providers subcommand that names one provider (`providers test NAME`): the
// name is checked before the services open, so a typo is a usage error that lists the valid
// providers and never opens the database.
func onProvider(sub, summary string, run func(e *env, p *services.ProviderService, name string, asJSON bool) error) *command {
	return &command{
		name: sub, summary: summary, usage: "providers " + sub + " NAME [--json]",
		flags:   jsonOnly,
		minArgs: 1, maxArgs: 1,
		run: func(ctx context.Context, e *env, opts any, args []string) error {
			if _, err := domain.ParseProvider(args[0]); err != nil {
				return usagef("%s", domain.SafeMessage(err))
			}
			c, err := e.app.services(ctx)
			if err != nil {
				return err
			}
			return run(e, c.Providers, args[0], opts.(*jsonFlag).json)
		},
	}
}
