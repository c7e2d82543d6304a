// Package models holds the learned models shipped with chariot, embedded
// in the binary and named by game: the file NAME-KIND.json is the model of
// kind policy or value named NAME, which the agent and evaluator learned
// take by name where no file of that name exists
// (learned:model=stnazaire, eval=learned:stnazaire,
// policy=learned:stnazaire). README.md says how each was trained and how
// strong it is.
package models

import (
	"embed"
	"slices"
	"strings"
)

//go:embed *.json
var files embed.FS

// File is the model file of the given name and kind, and whether it is
// shipped.
func File(name, kind string) ([]byte, bool) {
	if name == "" || strings.ContainsAny(name, "./\\") {
		return nil, false
	}
	b, err := files.ReadFile(name + "-" + kind + ".json")
	return b, err == nil
}

// Names lists the names of the shipped models of kind.
func Names(kind string) []string {
	entries, _ := files.ReadDir(".")
	var out []string
	for _, e := range entries {
		if name, ok := strings.CutSuffix(e.Name(), "-"+kind+".json"); ok {
			out = append(out, name)
		}
	}
	slices.Sort(out)
	return out
}
