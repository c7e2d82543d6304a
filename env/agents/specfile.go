package agents

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/internal/atomicfile"
	"github.com/chariot-ai/chariot/internal/regular"
)

// A spec file holds an agent spec on a line, as chariot tune and PSRO save
// the agents they make; the agent "tuned" plays it. The relative paths in
// it name files beside it (ResolvePaths), so a directory of spec files and
// models can be moved whole.

// maxSpecFile bounds a spec file read back: one line of options.
const maxSpecFile = 1 << 20

// SaveSpec writes a spec to a file, one line, for the agent "tuned"; the
// file is replaced atomically, so a crash leaves the old spec whole.
func SaveSpec(path, spec string) error {
	return atomicfile.WriteFile(path, []byte(spec+"\n"))
}

// LoadSpec reads a spec file written by SaveSpec: the first line that is
// neither empty nor a # comment.
func LoadSpec(path string) (string, error) {
	b, err := regular.ReadFile(path, maxSpecFile)
	if err != nil {
		return "", err
	}
	for _, line := range strings.Split(string(b), "\n") {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			return line, nil
		}
	}
	return "", fmt.Errorf("spec file %s holds no spec", path)
}

func init() {
	doc := env.OptionDoc{Name: "file", Default: "tuned.spec", Help: "file holding the agent spec to play (chariot tune --out)", Kind: env.FileOption}
	Register(Registration{
		Name:        "tuned",
		Description: "plays the agent spec saved in a file by chariot tune",
		Options:     []env.OptionDoc{doc},
		New: func(g env.Game, p env.Params, seed uint64) (Agent, error) {
			path := p["file"]
			if path == "" {
				path = doc.Default
			}
			spec, err := LoadSpec(path)
			if err != nil {
				return nil, err
			}
			if n, _, _ := strings.Cut(spec, ":"); n == "tuned" {
				return nil, fmt.Errorf("spec file %s names the tuned agent itself", path)
			}
			return New(ResolvePaths(spec, filepath.Dir(path)), g, seed)
		},
	})
}
