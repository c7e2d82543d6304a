package allgames_test

import (
	"testing"

	"github.com/chariot-ai/chariot/env"
	_ "github.com/chariot-ai/chariot/env/allgames"
)

// TestDocumentedDefaults: every game option given at its documented default
// builds the game its absence builds, so the default a person reads in
// `chariot games` is the one in force.
func TestDocumentedDefaults(t *testing.T) {
	for _, r := range env.Games() {
		plain, err := env.NewGame(r.Name)
		if err != nil {
			t.Fatalf("%s: %v", r.Name, err)
		}
		for _, d := range r.Options {
			spec := r.Name + ":" + d.Name + "=" + d.Default
			g, err := env.NewGame(spec)
			if err != nil {
				t.Errorf("%s: %v", spec, err)
				continue
			}
			if g.Options() != plain.Options() {
				t.Errorf("%s builds %q, but %s builds %q", spec, g.Options(), r.Name, plain.Options())
			}
		}
	}
}
