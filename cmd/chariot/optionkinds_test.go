package main

import (
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
)

// TestOptionsThatNameFilesSayso: a run hashes the files its specs read by
// their options' declared kinds (env.OptionKind), so every option of a
// registered game or agent whose help speaks of a file, a model (NAME:MODEL) or an agent
// spec must declare what it names: one left plain would let a resumed run
// mix rows made with two versions of the file.
func TestOptionsThatNameFilesSayso(t *testing.T) {
	check := func(owner string, docs []env.OptionDoc) {
		for _, d := range docs {
			help := strings.ToLower(d.Help)
			switch {
			case d.Kind != env.PlainOption:
			case strings.Contains(help, "file") || strings.Contains(help, "agent spec") || strings.Contains(help, ":model"):
				t.Errorf("%s option %s is plain, but its help says %q", owner, d.Name, d.Help)
			}
		}
	}
	for _, r := range env.Games() {
		check("game "+r.Name, r.Options)
	}
	for _, r := range agents.List() {
		check("agent "+r.Name, r.Options)
	}
}
