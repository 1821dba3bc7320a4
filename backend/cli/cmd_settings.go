package cli

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"deepcritical/backend/config"
)

func settingsCommand() *command {
	return &command{
		name:    "settings",
		summary: "show and change settings and keys",
		subs: []*command{
			{
				name: "show", summary: "print the effective settings (keys masked)", usage: "settings show [--json]",
				flags:   jsonOnly,
				maxArgs: 0,
				run:     settingsShow,
			},
			{
				name: "set", summary: "change one setting or key", usage: "settings set KEY VALUE|-   (keys: deepcritical settings keys; - reads the value from standard input)",
				minArgs: 2, maxArgs: 2,
				run: func(ctx context.Context, e *env, _ any, args []string) error {
					value := args[1]
					if value == "-" {
						v, err := readValue(e.stdin)
						if err != nil {
							return err
						}
						value = v
					}
					c, err := e.app.services(ctx)
					if err != nil {
						return err
					}
					res, err := c.Settings.Set(args[0], value)
					if err != nil {
						return err
					}
					if res.Secret {
						e.printf("%s stored in the %s\n", res.Key, res.Stored)
					} else {
						e.printf("%s = %s\n", res.Key, res.Value)
					}
					if res.OverriddenBy != "" {
						e.infof("note: %s is set in the environment and still takes precedence\n", res.OverriddenBy)
					}
					return nil
				},
			},
			{
				name: "unset", summary: "remove a stored key (secrets.NAME) from the keyring and the key file", usage: "settings unset secrets.NAME",
				minArgs: 1, maxArgs: 1,
				run: func(ctx context.Context, e *env, _ any, args []string) error {
					name, ok := strings.CutPrefix(args[0], config.SecretKeyPrefix)
					if !ok {
						return usagef("settings unset removes a stored key (%sNAME; see `deepcritical settings keys`); change other settings with `settings set`", config.SecretKeyPrefix)
					}
					c, err := e.app.services(ctx)
					if err != nil {
						return err
					}
					if _, err := c.Settings.DeleteSecret(name); err != nil {
						return err
					}
					e.printf("%s removed from the keyring and the key file\n", args[0])
					if env := config.SecretEnvVar(name); env != "" && os.Getenv(env) != "" {
						e.infof("note: %s is set in the environment and is still used\n", env)
					}
					return nil
				},
			},
			{
				name: "keys", summary: "list the keys `settings set` accepts", usage: "settings keys", maxArgs: 0,
				run: func(_ context.Context, e *env, _ any, _ []string) error {
					for _, k := range config.Keys() {
						env := ""
						if k.EnvVar != "" {
							env = "  [env " + k.EnvVar + "]"
						}
						e.printf("%-36s %s (%s)%s\n", k.Key, k.Description, k.Allowed, env)
					}
					return nil
				},
			},
			{
				name: "path", summary: "print where settings, keys and data live", usage: "settings path", maxArgs: 0,
				run: func(_ context.Context, e *env, _ any, _ []string) error {
					p := e.app.paths
					e.printf("settings  %s\nsecrets   %s\ndatabase  %s\n", p.SettingsFile, p.SecretsFile, p.DatabaseFile)
					return nil
				},
			},
		},
	}
}

func settingsShow(_ context.Context, e *env, opts any, _ []string) error {
	// settings show reads the file directly: it must work even when the database cannot open.
	s, err := config.Load(e.app.paths)
	if err != nil {
		return err
	}
	pub := s.Public(config.NewSecretStore(e.app.paths, config.OSKeyring{}))
	if opts.(*jsonFlag).json {
		return writeJSON(e.stdout, pub)
	}
	values := map[string]string{}
	for _, k := range config.Keys() {
		if k.Secret {
			continue
		}
		if v, err := config.Get(pub.Settings, k.Key); err == nil {
			values[k.Key] = v
		}
	}
	overridden := map[string]string{}
	for _, o := range pub.Overrides {
		overridden[o.Key] = o.EnvVar
	}
	for _, k := range config.Keys() {
		v, ok := values[k.Key]
		if !ok {
			continue
		}
		note := ""
		if env := overridden[k.Key]; env != "" {
			note = "   (from " + env + ")"
		}
		e.printf("%-36s %s%s\n", k.Key, v, note)
	}
	for _, m := range pub.Secrets {
		e.printf("%-36s %s\n", config.SecretKeyPrefix+m.Name, strings.TrimPrefix(m.String(), m.Name+": "))
	}
	e.printf("\nsettings file: %s\n", fmt.Sprint(e.app.paths.SettingsFile))
	return nil
}

// readValue reads one value from standard input for `settings set KEY -`: its first line,
// without the line end (what `echo KEY |` and a pasted line give). Nothing to read is a
// usage error, never an empty key stored.
func readValue(r io.Reader) (string, error) {
	if r == nil {
		return "", usagef("settings set KEY - reads the value from standard input, and there is none")
	}
	line, err := bufio.NewReader(io.LimitReader(r, 64<<10)).ReadString('\n')
	if err != nil && !errors.Is(err, io.EOF) {
		return "", fmt.Errorf("reading the value from standard input: %w", err)
	}
	line = strings.TrimRight(line, "\r\n")
	if strings.TrimSpace(line) == "" {
		return "", usagef("settings set KEY - read nothing from standard input: pipe or type the value (one line)")
	}
	return line, nil
}
