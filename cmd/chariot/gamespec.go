package main

import (
	"fmt"
	"strings"

	"github.com/chariot-ai/chariot/env"
)

// newGame builds a game from --game and, if given, --data: the path of an
// alternative data file (map, counters, tables), passed as the game's
// "data" option.
func newGame(spec, dataPath string) (env.Game, error) {
	if dataPath != "" {
		if strings.ContainsAny(dataPath, ",=") {
			return nil, fmt.Errorf("--data %q: the path may not contain ',' or '='", dataPath)
		}
		sep := ":"
		if strings.Contains(spec, ":") {
			sep = ","
		}
		spec += sep + "data=" + dataPath
	}
	return env.NewGame(spec)
}
