package cli

import (
	"context"
	"flag"
)

func providersCommand() *command {
	return &command{
		name:    "providers",
		summary: "list the judges and whether each is configured",
		subs: []*command{
			{
				name: "list", summary: "list judges, their models and where data goes", usage: "providers list [--json]",
				flags: func(fs *flag.FlagSet) any {
					o := &jsonFlag{}
					fs.BoolVar(&o.json, "json", false, "print JSON")
					return o
				},
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
		},
	}
}
