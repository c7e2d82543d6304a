package eval

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
)

func init() {
	// "test-file" plays the first legal action after reading its file=.
	agents.Register(agents.Registration{
		Name:    "test-file",
		Options: []env.OptionDoc{{Name: "file", Help: "a file it reads", Kind: env.FileOption}, {Name: "note", Help: "text, not a file"}},
		New: func(g env.Game, p env.Params, seed uint64) (agents.Agent, error) {
			if _, err := os.ReadFile(p["file"]); err != nil {
				return nil, err
			}
			return firstAgent{}, nil
		},
	})
	// "test-nest" names agents and a model as the search agents do.
	agents.Register(agents.Registration{
		Name: "test-nest",
		Options: []env.OptionDoc{{Name: "rollout", Kind: env.AgentOption}, {Name: "opponent", Kind: env.MixtureOption},
			{Name: "eval", Kind: env.NamedFileOption}, {Name: "spec", Default: "tuned.spec", Kind: env.FileOption}},
		New: func(g env.Game, p env.Params, seed uint64) (agents.Agent, error) { return firstAgent{}, nil },
	})
}

// TestFileHashes: the files a run reads are those its game's and agents'
// option docs declare, at any depth (a rollout, an opponent mixture, a
// model of a leaf evaluator), defaults included, and no other value, even
// one that names a file.
func TestFileHashes(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	write := func(name, text string) string {
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return name
	}
	model, opp, note, tuned := write("p.json", "{}"), write("o.json", "[]"), write("note.txt", "x"), write("tuned.spec", "random")
	for _, c := range []struct {
		agents []string
		want   []string
	}{
		{[]string{"test-nest:rollout=test-file:file=" + model + ";note=1,eval=learned:gone.json,spec=none"}, []string{model}},
		{[]string{"test-nest:opponent=test-file:file=" + opp + "@2|random@1,spec=none", "random"}, []string{opp}},
		{[]string{"test-nest:eval=learned:" + model + ",spec=none"}, []string{model}},
		{[]string{"test-file:note=" + note}, nil},
		{[]string{"test-file:file=" + note}, []string{note}},
		{[]string{"test-nest"}, []string{tuned}},    // its default file
		{[]string{"test-nest:spec=stnazaire"}, nil}, // a built-in, no file
		{[]string{"test-nest:rollout=test-nest:spec=" + note}, []string{tuned, note}},
	} {
		got, err := FileHashes("pig", c.agents...)
		if err != nil {
			t.Fatalf("%q: %v", c.agents, err)
		}
		if len(got) != len(c.want) {
			t.Errorf("%q reads %v, want %q", c.agents, got, c.want)
		}
		for _, w := range c.want {
			if got[w] == "" {
				t.Errorf("%q: no hash of %s in %v", c.agents, w, got)
			}
		}
	}
	if _, err := FileHashes("pig", "nobody"); err == nil {
		t.Error("an unknown agent: no error")
	}
}

// TestResumeRefusesChangedFile changes the file an agent reads between a
// run and its resumption: the rows made with the old file are refused.
func TestResumeRefusesChangedFile(t *testing.T) {
	for _, ext := range []string{".jsonl", ".csv"} {
		dir := t.TempDir()
		model := filepath.Join(dir, "model.json")
		if err := os.WriteFile(model, []byte(`{"weights":[1]}`), 0o644); err != nil {
			t.Fatal(err)
		}
		cfg := Config{Game: mustGame(t, "pig"), Agents: []string{"test-file:file=" + model}, Games: 3, Seed: 1,
			Out: filepath.Join(dir, "r"+ext)}
		first := mustRun(t, cfg)
		if first[0].Files[model] == "" {
			t.Fatalf("%s: no content hash in %+v", ext, first[0])
		}
		cfg.Resume, cfg.Games = true, 5
		sameResults(t, ext+": same file", mustRun(t, cfg)[:3], first)
		if err := os.WriteFile(model, []byte(`{"weights":[2]}`), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := Run(context.Background(), cfg)
		if err == nil || !strings.Contains(err.Error(), model+" has changed since") {
			t.Errorf("%s: resumed with a changed model: error %v", ext, err)
		}
	}
}
