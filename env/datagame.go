package env

import (
	"fmt"

	"github.com/chariot-ai/chariot/internal/regular"
)

// maxDataFile bounds a game's data file (a map, counters, tables).
const maxDataFile = 64 << 20

// EmbeddedDataName is the value of option data that names the data a game
// embeds, as leaving it out does: data=default means the same game on
// every game that has the option (a file of that name is ./default).
const EmbeddedDataName = "default"

// DataGame is the New of a game built from a data set: parse reads the
// options and the path of the data file they name ("" or EmbeddedDataName
// for the embedded data, recorded as ""), load reads
// that file, embedded gives the data the game ships with, and build makes the
// game, told the path so that its Options can rebuild it.
func DataGame[O, D any, G Game](parse func(Params) (O, string, error), load func(path string) (D, error),
	embedded func() (D, error), build func(D, O, string) (G, error)) func(Params) (Game, error) {
	return func(p Params) (Game, error) {
		o, path, err := parse(p)
		if err != nil {
			return nil, err
		}
		if path == EmbeddedDataName {
			path = ""
		}
		var d D
		if path != "" {
			d, err = load(path)
		} else {
			d, err = embedded()
		}
		if err != nil {
			return nil, err
		}
		g, err := build(d, o, path)
		if err != nil {
			return nil, err // not a nil *G inside the interface
		}
		return g, nil
	}
}

// DataOptions is the option text of a game built by DataGame: its options'
// params, with data=dataPath when it was built from a file, so that the
// text rebuilds the same game.
func DataOptions(p Params, dataPath string) string {
	if dataPath != "" {
		p["data"] = dataPath
	}
	return p.String()
}

// LoadDataFile reads a data file and parses it, naming the file in a parse
// error (a read error names it already).
func LoadDataFile[D any](path string, parse func([]byte) (D, error)) (D, error) {
	var zero D
	b, err := regular.ReadFile(path, maxDataFile)
	if err != nil {
		return zero, err
	}
	d, err := parse(b)
	if err != nil {
		return zero, fmt.Errorf("%s: %w", path, err)
	}
	return d, nil
}

// MustEmbedded builds a game from its embedded data with options o, and
// panics where it cannot: the embedded data and default options are part
// of the build, and every test of the game would catch them broken. For a
// game's Default and its tests.
func MustEmbedded[O, D any, G Game](embedded func() (D, error), build func(D, O, string) (G, error), o O) G {
	d, err := embedded()
	if err != nil {
		panic("embedded data is invalid: " + err.Error())
	}
	g, err := build(d, o, "")
	if err != nil {
		panic(err)
	}
	return g
}
