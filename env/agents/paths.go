package agents

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/chariot-ai/chariot/env"
)

// maxNesting bounds how deep agent specs may nest in one another's options.
const maxNesting = 8

// MapPaths rewrites by f the file paths an agent spec's options give: its
// own (FileOption, NamedFileOption) and those of the agents its options
// name (AgentOption, MixtureOption), found by their registered Kind, never
// guessed from the text. Defaults are left alone. Where f changes no path,
// the spec comes back as it was, letter for letter, so that its identity
// and its seeds stay; a spec of an unknown agent, or one that does not
// parse, comes back as it was too, for New to report.
func MapPaths(spec string, f func(path string) string) string {
	return mapPaths(spec, f, 0)
}

func mapPaths(spec string, f func(string) string, depth int) string {
	name, rest, ok := strings.Cut(strings.TrimSpace(spec), ":")
	name = strings.TrimSpace(name)
	r, err := Lookup(name)
	if !ok || err != nil || depth > maxNesting {
		return spec
	}
	p, err := env.ParseParams(rest)
	if err != nil {
		return spec
	}
	// A nested spec separates its options by ';' (a ',' would end the
	// option it is the value of).
	nested := func(v string) string {
		return strings.ReplaceAll(mapPaths(strings.ReplaceAll(v, ";", ","), f, depth+1), ",", ";")
	}
	changed := false
	for _, d := range r.Options {
		v := p[d.Name]
		if v == "" {
			continue
		}
		nv := v
		switch d.Kind {
		case env.FileOption:
			nv = f(v)
		case env.NamedFileOption:
			if n, path, ok := strings.Cut(v, ":"); ok && path != "" {
				nv = n + ":" + f(path)
			}
		case env.AgentOption:
			nv = nested(v)
		case env.MixtureOption:
			items := strings.Split(v, "|")
			for i, item := range items {
				spec, weight := item, ""
				if at := strings.LastIndex(item, "@"); at >= 0 {
					spec, weight = item[:at], item[at:]
				}
				items[i] = nested(spec) + weight
			}
			nv = strings.Join(items, "|")
		}
		if nv != v {
			p[d.Name], changed = nv, true
		}
	}
	if !changed {
		return spec
	}
	return name + ":" + p.String()
}

// ResolvePaths makes the relative file paths of an agent spec name files
// in dir (ResolvePath): a spec saved in a file names the files beside it,
// so the saved agent plays alike from any working directory.
func ResolvePaths(spec, dir string) string {
	if dir == "" || dir == "." {
		return spec
	}
	return MapPaths(spec, func(path string) string { return ResolvePath(dir, path) })
}

// ResolvePath is the file a relative path in a spec names in dir, where
// dir holds a file of that name. Otherwise the path is left as it is: a
// built-in (a shipped model's name), or a path relative to the working
// directory, as specs saved by earlier versions give them.
func ResolvePath(dir, path string) string {
	if dir == "" || filepath.IsAbs(path) {
		return path
	}
	if in := filepath.Join(dir, path); exists(in) {
		return in
	}
	return path
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
