// Package layering holds a test of the module's folders: their import graph
// has no cycle, so that a folder's place in the layers (env below search,
// search below agents, eval and train, cmd at the top) is what its imports
// show.
package layering

import (
	"maps"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/chariot-ai/chariot/"

// TestFoldersHaveNoImportCycle builds the graph of the top-level folders
// from `go list` (an edge where a package of one imports a package of the
// other, tests aside) and fails on a cycle, naming it and an import on it.
func TestFoldersHaveNoImportCycle(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}} {{join .Imports \" \"}}", module+"...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	edges := map[string]map[string]string{} // folder -> folder -> an import that makes the edge
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		from := folder(fields[0])
		for _, imp := range fields[1:] {
			if !strings.HasPrefix(imp, module) {
				continue
			}
			if to := folder(imp); to != from {
				if edges[from] == nil {
					edges[from] = map[string]string{}
				}
				edges[from][to] = fields[0] + " imports " + imp
			}
		}
	}
	if len(edges) < 3 {
		t.Fatalf("only %d folders import others: go list gave\n%s", len(edges), out)
	}
	if cycle := findCycle(edges); cycle != nil {
		var why []string
		for i := range len(cycle) - 1 {
			why = append(why, edges[cycle[i]][cycle[i+1]])
		}
		t.Fatalf("the folders import each other in a cycle, %s: %s", strings.Join(cycle, " -> "), strings.Join(why, "; "))
	}
}

// folder is the top-level folder of a package of the module.
func folder(pkg string) string {
	f, _, _ := strings.Cut(strings.TrimPrefix(pkg, module), "/")
	return f
}

// findCycle returns a cycle of the graph as its folders, the first again at
// the end, or nil.
func findCycle(edges map[string]map[string]string) []string {
	var path []string
	state := map[string]int{} // 1 on the path, 2 done
	var visit func(n string) []string
	visit = func(n string) []string {
		if state[n] == 1 {
			return append(slices.Clone(path[slices.Index(path, n):]), n)
		}
		if state[n] == 2 {
			return nil
		}
		state[n] = 1
		path = append(path, n)
		for _, m := range slices.Sorted(maps.Keys(edges[n])) {
			if c := visit(m); c != nil {
				return c
			}
		}
		path = path[:len(path)-1]
		state[n] = 2
		return nil
	}
	for _, n := range slices.Sorted(maps.Keys(edges)) {
		if c := visit(n); c != nil {
			return c
		}
	}
	return nil
}

func TestFindCycle(t *testing.T) {
	g := map[string]map[string]string{"a": {"b": ""}, "b": {"c": ""}, "c": {"a": ""}}
	if c := findCycle(g); !slices.Equal(c, []string{"a", "b", "c", "a"}) {
		t.Errorf("cycle %v, want a -> b -> c -> a", c)
	}
	delete(g["c"], "a")
	if c := findCycle(g); c != nil {
		t.Errorf("a cycle %v in a graph without one", c)
	}
}
