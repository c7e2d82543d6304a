package agents_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
)

func init() {
	// An agent with every kind of option that names files or agents, for
	// the path rewriting; it plays its "plan" agent.
	agents.Register(agents.Registration{
		Name:        "test_nest",
		Description: "plays its plan; names files and agents in every way an option can",
		Options: []env.OptionDoc{
			{Name: "model", Help: "a file", Kind: env.FileOption},
			{Name: "eval", Help: "NAME:PATH", Kind: env.NamedFileOption},
			{Name: "plan", Default: "random", Help: "an agent", Kind: env.AgentOption},
			{Name: "opponent", Help: "a mixture", Kind: env.MixtureOption},
			{Name: "n", Default: "1", Help: "a number"},
		},
		New: func(g env.Game, p env.Params, seed uint64) (agents.Agent, error) {
			plan := p["plan"]
			if plan == "" {
				plan = "random"
			}
			return agents.New(replaceSemicolons(plan), g, seed)
		},
	})
}

func replaceSemicolons(s string) string {
	out := []byte(s)
	for i, c := range out {
		if c == ';' {
			out[i] = ','
		}
	}
	return string(out)
}

// TestMapPathsFindsEveryNestedPath: the paths of file options, named file
// options and those of nested agents and mixtures are all rewritten, and
// nothing else; a spec with nothing to rewrite comes back letter for
// letter (its seeds hang on its text).
func TestMapPathsFindsEveryNestedPath(t *testing.T) {
	up := func(p string) string { return "UP/" + p }
	spec := "test_nest:eval=learned:v.json,model=m.json,n=2,opponent=test_nest:model=o.json@2|random@1,plan=test_nest:model=p.json;n=3"
	want := "test_nest:eval=learned:UP/v.json,model=UP/m.json,n=2,opponent=test_nest:model=UP/o.json@2|random@1,plan=test_nest:model=UP/p.json;n=3"
	if got := agents.MapPaths(spec, up); got != want {
		t.Errorf("MapPaths =\n %s\nwant\n %s", got, want)
	}
	same := "test_nest:plan=test_nest:n=3,n=2"
	if got := agents.MapPaths(same, up); got != same {
		t.Errorf("a spec without paths became %s", got)
	}
	for _, s := range []string{"random", "no_such_agent:model=x", "test_nest:bad"} {
		if got := agents.MapPaths(s, up); got != s {
			t.Errorf("MapPaths(%q) = %q, want it unchanged", s, got)
		}
	}
}

// TestTunedSpecNamesFilesBesideIt: a spec file whose agent names another
// spec file by a relative path plays from any working directory, and from
// a copy of its directory under another name (the old code looked for the
// inner file relative to the working directory, and failed).
func TestTunedSpecNamesFilesBesideIt(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "run")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := agents.SaveSpec(filepath.Join(dir, "inner.spec"), "test_first:n=4"); err != nil {
		t.Fatal(err)
	}
	if err := agents.SaveSpec(filepath.Join(dir, "outer.spec"), "test_nest:plan=tuned:file=inner.spec"); err != nil {
		t.Fatal(err)
	}
	moved := filepath.Join(root, "moved")
	if err := os.Rename(dir, moved); err != nil {
		t.Fatal(err)
	}
	g := mustGame(t, "pig")
	a, err := agents.New("tuned:file="+filepath.Join(moved, "outer.spec"), g, 1)
	if err != nil {
		t.Fatalf("the moved spec file does not build: %v", err)
	}
	s := g.NewInitialState(1)
	if _, err := a.Act(context.Background(), s); err != nil {
		t.Fatal(err)
	}
	// A built-in name or a path relative to the working directory, with
	// no file of its name beside the spec, is left as it is.
	if got := agents.ResolvePaths("test_nest:model=stnazaire", moved); got != "test_nest:model=stnazaire" {
		t.Errorf("a built-in name became %s", got)
	}
}
