package runs

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"strings"
	"time"

	"deepcritical/backend/domain"
	"deepcritical/backend/llm"
	"deepcritical/backend/llm/clijudge"
	"deepcritical/backend/llm/ollama"
	"deepcritical/backend/llm/providers"
)

// ErrModelNotPulled is what a probe of an Ollama that answers but lacks the chosen model
// wraps: the server is up, and another model it has would run.
var ErrModelNotPulled = errors.New("model not pulled")

// ProbeTimeout bounds the check of a local or self-hosted judge before a run: long enough
// for a server on this machine or the LAN to list its models, short enough that a dead one
// is refused before the user has looked away.
const ProbeTimeout = 2 * time.Second

// Probe asks a local or self-hosted judge (Ollama, an OpenAI-compatible server, the CLI
// judge) one cheap question before a run starts or resumes: its model list, or for the CLI
// judge whether its program exists. A server that answers anything, even an error status,
// is up; one that refuses the connection or stays silent for ProbeTimeout is refused with
// one line saying what to do. Ollama's list is the models pulled on that machine, so a
// model missing from it is refused too (every chat would answer 404); an OpenAI-compatible
// server's list is not checked, as some serve any name they are given. Cloud judges and the offline judge are not probed: their
// keys are checked when the engine is built, and nothing is sent before the run.
func (g *Engines) Probe(ctx context.Context, choice JudgeChoice) error {
	if err := choice.refuseOfflineModel(); err != nil {
		return err
	}
	s := g.Effective()
	choice = ResolveJudge(s, choice)
	switch choice.Provider {
	case domain.ProviderCLI:
		cmd := s.Provider(domain.ProviderCLI).Command
		if cmd == "" {
			cmd = clijudge.DefaultCommand
		}
		argv, err := clijudge.Split(cmd)
		if err != nil || len(argv) == 0 {
			return domain.Errorf(domain.CodeInvalid, "the CLI judge command %q cannot be read: set it in Settings, or pick another judge", cmd)
		}
		if _, err := exec.LookPath(argv[0]); err != nil {
			return domain.Errorf(domain.CodeUnavailable, "the CLI judge %q was not found on PATH: install it (for claude: npm install -g @anthropic-ai/claude-code), or pick another judge", argv[0])
		}
		return nil
	case domain.ProviderOllama, domain.ProviderCompatible:
	default:
		return nil
	}
	cfg := g.ProviderConfig(choice.Provider)
	cfg.Model = choice.Model
	cfg.Timeout = ProbeTimeout
	pctx, cancel := context.WithTimeout(ctx, ProbeTimeout)
	defer cancel()
	models, err := providers.ListModels(pctx, cfg)
	if err == nil && choice.Provider == domain.ProviderOllama && cfg.Model != "" && !ollama.HasModel(models, cfg.Model) {
		where, _ := ollama.NormalizeHost(cfg.BaseURL)
		return domain.Wrap(domain.CodeUnavailable, ErrModelNotPulled, fmt.Sprintf("Ollama at %s has no model %q: run `ollama pull %s`, or %s",
			domain.RedactURLs(where), cfg.Model, cfg.Model, modelChoice(models)))
	}
	if err == nil || ctx.Err() != nil {
		return ctx.Err()
	}
	var le *llm.Error
	kind := llm.KindOf(err)
	if errors.As(err, &le) && kind != llm.KindUnavailable && kind != llm.KindTimeout && !errors.Is(err, context.DeadlineExceeded) {
		return nil // it answered (a 404 for /models, an auth error …): the run will say more
	}
	if !errors.As(err, &le) && !errors.Is(err, context.DeadlineExceeded) {
		return err // the configuration itself is wrong (an invalid URL): say so as it is
	}
	where := domain.RedactURLs(cfg.BaseURL)
	if choice.Provider == domain.ProviderOllama {
		where, _ = ollama.NormalizeHost(cfg.BaseURL)
		where = domain.RedactURLs(where)
		return domain.Errorf(domain.CodeUnavailable, "Ollama is not answering at %s: start it with `ollama serve`, or pick another judge", where)
	}
	if where == "" {
		where = "the configured URL"
	}
	return domain.Errorf(domain.CodeUnavailable, "%s", fmt.Sprintf("the OpenAI-compatible server is not answering at %s: start it, check the URL in Settings, or pick another judge", where))
}

// modelChoice says what else the user can pick: a few of the models the server has.
func modelChoice(models []string) string {
	switch n := len(models); {
	case n == 0:
		return "pick another judge (it has no model pulled)"
	case n > 5:
		return "pick one it has (" + strings.Join(models[:5], ", ") + fmt.Sprintf(" and %d more)", n-5)
	}
	return "pick one it has (" + strings.Join(models, ", ") + ")"
}

// refuseOfflineModel refuses a model asked of the offline judge. It runs none: a model dropped
// without a word let a report say "offline" while the user believed a model of theirs had
// judged. Every way to choose a judge (research, judge, appraise, re-judge; CLI, MCP, window)
// passes through Probe, so the refusal is the same everywhere.
func (c JudgeChoice) refuseOfflineModel() error {
	if c.Provider == domain.ProviderOffline && strings.TrimSpace(c.Model) != "" {
		return domain.Errorf(domain.CodeInvalid, "the offline judge runs no model: %q is for an LLM judge (choose one, or leave the model empty)", c.Model)
	}
	return nil
}
