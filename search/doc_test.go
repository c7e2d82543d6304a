package search

import (
	"go/ast"
	"go/doc"
	"go/parser"
	"go/token"
	"io/fs"
	"strings"
	"testing"
)

// TestDocumentationGoDocShows: what `go doc` shows of the package says
// what it must: the MCTS overview is in the package comment, each Config
// field's comment sits on its own field, and Evaluator warns that it is
// called from several goroutines.
func TestDocumentationGoDocShows(t *testing.T) {
	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, ".", func(fi fs.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	files := []*ast.File{}
	for _, f := range pkgs["search"].Files {
		files = append(files, f)
	}
	p, err := doc.NewFromFiles(fset, files, "github.com/chariot-ai/chariot/search")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(p.Doc, "A Searcher runs UCT Monte Carlo tree search") {
		t.Error("the package comment lacks the MCTS overview")
	}
	for _, typ := range p.Types {
		switch typ.Name {
		case "Evaluator":
			if !strings.Contains(typ.Doc, "several goroutines") {
				t.Error("Evaluator's comment does not say it is called from several goroutines")
			}
		case "Config":
			fields := typ.Decl.Specs[0].(*ast.TypeSpec).Type.(*ast.StructType).Fields.List
			for _, f := range fields {
				if f.Doc == nil {
					continue
				}
				// A field's comment begins with the field's name.
				if name := f.Names[0].Name; !strings.HasPrefix(f.Doc.Text(), name+" ") && !strings.HasPrefix(f.Doc.Text(), name+",") {
					t.Errorf("the comment on Config.%s is about something else: %q", name, f.Doc.Text())
				}
			}
		}
	}
}
