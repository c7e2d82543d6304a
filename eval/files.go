package eval

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
	"github.com/chariot-ai/chariot/internal/regular"
)

// An agent's or a game's behaviour may depend on files its spec names (a
// learned model, a tuned spec, a map's data): the identity of a run then
// includes a content hash of each, so that a resumed run or a merge refuses
// rows made with another version of the file. Which options name files is
// declared in their OptionDoc's Kind, never guessed from the value.

// gameFiles lists the files a game spec "name:k=v,..." reads, by its
// registered option docs.
func gameFiles(spec string) ([]string, error) {
	name, rest, _ := strings.Cut(spec, ":")
	r, err := env.Lookup(name)
	if err != nil {
		return nil, err
	}
	var out []string
	return out, optionFiles(&out, r.Options, rest, 0, readFile(""))
}

// specFiles adds to out, by add, the files an agent spec's options name:
// its own, and those of the agents its options name.
func specFiles(out *[]string, spec string, depth int, add adder) error {
	name, rest, _ := strings.Cut(strings.TrimSpace(spec), ":")
	r, err := agents.Lookup(name)
	if err != nil {
		return err
	}
	return optionFiles(out, r.Options, rest, depth, add)
}

// An adder adds to out a path an option gives (given) or leaves to its
// default.
type adder func(out *[]string, path string, given bool)

// NamedFiles lists the paths an agent spec's options give for files, its
// nested agents' included, whether the files exist or not; defaults (the
// shipped models) are not named. A front end that must read no file it
// was not started with refuses a spec that names any.
func NamedFiles(spec string) ([]string, error) {
	var out []string
	err := specFiles(&out, spec, 0, func(out *[]string, path string, given bool) {
		if given && path != "" && !slices.Contains(*out, path) {
			*out = append(*out, path)
		}
	})
	return out, err
}

// optionFiles adds to out, by add, the files that the options text
// names, by docs.
func optionFiles(out *[]string, docs []env.OptionDoc, text string, depth int, add adder) error {
	if depth > 8 {
		return fmt.Errorf("agent specs nested more than 8 deep")
	}
	p, err := env.ParseParams(text)
	if err != nil {
		return err
	}
	for _, d := range docs {
		v, given := p[d.Name]
		switch d.Kind {
		case env.FileOption:
			if !given {
				v = d.Default
			}
			add(out, v, given)
		case env.NamedFileOption:
			if _, path, ok := strings.Cut(v, ":"); ok {
				add(out, path, true)
			}
		case env.AgentOption:
			if v != "" {
				if err := specFiles(out, strings.ReplaceAll(v, ";", ","), depth+1, add); err != nil {
					return err
				}
			}
		case env.MixtureOption:
			for _, item := range strings.Split(v, "|") {
				if i := strings.LastIndex(item, "@"); i >= 0 {
					item = item[:i]
				}
				if item = strings.TrimSpace(item); item != "" {
					if err := specFiles(out, strings.ReplaceAll(item, ";", ","), depth+1, add); err != nil {
						return err
					}
				}
			}
		}
	}
	return nil
}

// readFile is the adder of the files a run reads, relative paths looked
// up in dir first (agents.ResolvePaths): it adds a path once, as the spec
// gives it, where it names a regular file; a value that names none is a
// built-in (a shipped model, an embedded data set), or a missing file that
// the game or agent reports itself.
func readFile(dir string) adder {
	return func(out *[]string, path string, _ bool) {
		if path == "" || slices.Contains(*out, path) {
			return
		}
		if st, err := os.Stat(agents.ResolvePath(dir, path)); err == nil && st.Mode().IsRegular() {
			*out = append(*out, path)
		}
	}
}

// hashFile is the first 16 hex digits of the SHA-256 of a file's content.
func hashFile(path string) (string, error) {
	f, err := regular.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", fmt.Errorf("%s: %w", path, err)
	}
	return hex.EncodeToString(h.Sum(nil))[:16], nil
}

// FileHashes hashes the files that a game spec and agent specs read, by
// path; nil when they read none.
func FileHashes(gameSpec string, agentSpecs ...string) (map[string]string, error) {
	return fileHashesIn("", gameSpec, agentSpecs...)
}

// fileHashesIn is FileHashes for agent specs whose relative paths name
// files in dir where there is one there (Config.FilesBeside); the hashes
// are keyed by the paths as the specs give them, so that a run's identity
// does not hang on where its directory is.
func fileHashesIn(dir, gameSpec string, agentSpecs ...string) (map[string]string, error) {
	paths, err := gameFiles(gameSpec)
	if err != nil {
		return nil, err
	}
	game := len(paths)
	for _, s := range agentSpecs {
		if err := specFiles(&paths, s, 0, readFile(dir)); err != nil {
			return nil, fmt.Errorf("agent %s: %w", s, err)
		}
	}
	var out map[string]string
	for i, path := range paths {
		read := path
		if i >= game {
			read = agents.ResolvePath(dir, path)
		}
		h, err := hashFile(read)
		if err != nil {
			return nil, err
		}
		if out == nil {
			out = map[string]string{}
		}
		out[path] = h
	}
	return out, nil
}

// checkFiles compares the hashes a row or a header recorded with the files
// as they are now, and names the first that differs.
func checkFiles(recorded, now map[string]string) error {
	for _, path := range slices.Sorted(maps.Keys(now)) {
		old, ok := recorded[path]
		switch {
		case !ok:
			return fmt.Errorf("made without a content hash of %s, which the run reads: the file may have changed since", path)
		case old != now[path]:
			return fmt.Errorf("%s has changed since (content %s then, %s now)", path, old, now[path])
		}
	}
	for _, path := range slices.Sorted(maps.Keys(recorded)) {
		if _, ok := now[path]; !ok {
			return fmt.Errorf("made with the file %s, which the run does not read", path)
		}
	}
	return nil
}
