package env_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"slices"
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/envtest"
)

// TestPluginsListEveryInterface: every interface the package declares,
// other than the required Game, State and FactsDeclarer (every game
// declares its facts; `chariot games --json` shows them apart) and the
// FeatureEncoder a Featurer returns, is an optional interface that Plugins
// reports.
func TestPluginsListEveryInterface(t *testing.T) {
	g := envtest.NewGame(t, "pig")
	var listed []string
	for _, p := range env.Plugins(g) {
		listed = append(listed, p.Name)
	}
	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, ".", func(fi fs.FileInfo) bool {
		return !strings.HasSuffix(fi.Name(), "_test.go")
	}, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range pkgs["env"].Files {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok {
				continue
			}
			for _, sp := range gd.Specs {
				ts, ok := sp.(*ast.TypeSpec)
				if !ok || !ts.Name.IsExported() {
					continue
				}
				if _, iface := ts.Type.(*ast.InterfaceType); !iface {
					continue
				}
				if n := ts.Name.Name; !slices.Contains([]string{"Game", "State", "FactsDeclarer", "FeatureEncoder"}, n) && !slices.Contains(listed, n) {
					t.Errorf("interface %s is not among Plugins %v", n, listed)
				}
			}
		}
	}
}

// TestPluginsOfPig: what the template game offers, on the game and on its
// states.
func TestPluginsOfPig(t *testing.T) {
	g := envtest.NewGame(t, "pig")
	var offered []string
	for _, p := range env.Plugins(g) {
		if p.Offered {
			offered = append(offered, p.Name)
		}
	}
	want := []string{"BoardDrawer", "OutcomeLabeler", "PieceLister", "Copier", "ReturnsWriter", "UniformChancer", "PerfectInformation"}
	if !slices.Equal(offered, want) {
		t.Errorf("pig offers %v, want %v", offered, want)
	}
}
