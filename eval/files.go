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
	return out, optionFiles(&out, r.Options, rest, 0, false)
}

// agentFiles adds to out the files an agent spec reads: its file options'
// values (or defaults), and those of the agents its options name.
func agentFiles(out *[]string, spec string, depth int) error {
	return specFiles(out, spec, depth, false)
}

// specFiles adds to out the files an agent spec's options name: with
// named, every path given, else those read (optionFiles).
func specFiles(out *[]string, spec string, depth int, named bool) error {
	name, rest, _ := strings.Cut(strings.TrimSpace(spec), ":")
	r, err := agents.Lookup(name)
	if err != nil {
		return err
	}
	return optionFiles(out, r.Options, rest, depth, named)
}

// NamedFiles lists the paths an agent spec's options give for files, its
// nested agents' included, whether the files exist or not; defaults (the
// shipped models) are not named. A front end that must read no file it
// was not started with refuses a spec that names any.
func NamedFiles(spec string) ([]string, error) {
	var out []string
	err := specFiles(&out, spec, 0, true)
	return out, err
}

// optionFiles adds to out the files that the options text reads, by docs
// (addFile); with named, the paths given instead, read or not, defaults
// left out.
func optionFiles(out *[]string, docs []env.OptionDoc, text string, depth int, named bool) error {
	add := addFile
	if named {
		add = func(out *[]string, path string) {
			if path != "" && !slices.Contains(*out, path) {
				*out = append(*out, path)
			}
		}
	}
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
				if named {
					continue
				}
				v = d.Default
			}
			add(out, v)
		case env.NamedFileOption:
			if _, path, ok := strings.Cut(v, ":"); ok {
				add(out, path)
			}
		case env.AgentOption:
			if v != "" {
				if err := specFiles(out, strings.ReplaceAll(v, ";", ","), depth+1, named); err != nil {
					return err
				}
			}
		case env.MixtureOption:
			for _, item := range strings.Split(v, "|") {
				if i := strings.LastIndex(item, "@"); i >= 0 {
					item = item[:i]
				}
				if item = strings.TrimSpace(item); item != "" {
					if err := specFiles(out, strings.ReplaceAll(item, ";", ","), depth+1, named); err != nil {
						return err
					}
				}
			}
		}
	}
	return nil
}

// addFile adds path to out once, where it names a regular file: a value
// that names none is a built-in (a shipped model, an embedded data set),
// or a missing file that the game or agent reports itself.
func addFile(out *[]string, path string) {
	if path == "" || slices.Contains(*out, path) {
		return
	}
	if st, err := os.Stat(path); err == nil && st.Mode().IsRegular() {
		*out = append(*out, path)
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
	paths, err := gameFiles(gameSpec)
	if err != nil {
		return nil, err
	}
	for _, s := range agentSpecs {
		if err := agentFiles(&paths, s, 0); err != nil {
			return nil, fmt.Errorf("agent %s: %w", s, err)
		}
	}
	var out map[string]string
	for _, path := range paths {
		h, err := hashFile(path)
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
