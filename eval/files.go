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
)

// An agent's or a game's behaviour may depend on files its spec names (a
// learned model, a tuned spec, a map's data): the identity of a run then
// includes a content hash of each, so that a resumed run or a merge refuses
// rows made with another version of the file.

// specFiles lists the files a spec names: every option value, at any depth
// (rollout=learned:model=p.json), that looks like a path (it holds a '.'
// or a '/') and names a regular file.
func specFiles(spec string) []string {
	var out []string
	for _, tok := range strings.FieldsFunc(spec, func(r rune) bool { return strings.ContainsRune(",:;=", r) }) {
		if !strings.ContainsAny(tok, "./") || slices.Contains(out, tok) {
			continue
		}
		if st, err := os.Stat(tok); err == nil && st.Mode().IsRegular() {
			out = append(out, tok)
		}
	}
	return out
}

// hashFile is the first 16 hex digits of the SHA-256 of a file's content.
func hashFile(path string) (string, error) {
	f, err := os.Open(path)
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

// FileHashes hashes the files the given specs name, by path; nil when they
// name none.
func FileHashes(specs ...string) (map[string]string, error) {
	var out map[string]string
	for _, s := range specs {
		for _, path := range specFiles(s) {
			if _, ok := out[path]; ok {
				continue
			}
			h, err := hashFile(path)
			if err != nil {
				return nil, err
			}
			if out == nil {
				out = map[string]string{}
			}
			out[path] = h
		}
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
