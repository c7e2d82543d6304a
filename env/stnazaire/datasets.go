package stnazaire

// The data sets the engine ships, by the name the option data= takes, and
// the resolution of that option: a name picks an embedded set, anything
// else is the path of a data file.

import (
	_ "embed"
	"fmt"
	"os"
	"slices"
	"strings"
)

// The balanced set changes only reconstructed entries of the default set,
// so that the raid's own plan scores in the "serious damage" band of rule
// 13; data/README.md lists every change with its measured effect.
//
//go:embed data/balanced.json
var balancedData []byte

// Names of the embedded data sets.
const (
	DataDefault  = "default"
	DataBalanced = "balanced"
)

var embeddedSets = map[string][]byte{DataDefault: defaultData, DataBalanced: balancedData}

// DataSetNames lists the embedded data sets, sorted.
func DataSetNames() []string {
	names := make([]string, 0, len(embeddedSets))
	for n := range embeddedSets {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// EmbeddedData returns the embedded data set of that name.
func EmbeddedData(name string) (*Data, error) {
	b, ok := embeddedSets[name]
	if !ok {
		return nil, fmt.Errorf("no embedded data set %q (there are %s)", name, strings.Join(DataSetNames(), ", "))
	}
	return ParseData(b)
}

// BalancedData returns the embedded balanced data set.
func BalancedData() (*Data, error) { return EmbeddedData(DataBalanced) }

// OpenData reads the data set the option data= names: an embedded set by
// its name, otherwise a data file at that path (write ./balanced for a
// file of that name). A name that is neither is a one-line error.
func OpenData(nameOrPath string) (*Data, error) {
	if _, ok := embeddedSets[nameOrPath]; ok {
		return EmbeddedData(nameOrPath)
	}
	if _, err := os.Stat(nameOrPath); err != nil {
		return nil, fmt.Errorf("data=%s: neither an embedded data set (%s) nor a readable file", nameOrPath, strings.Join(DataSetNames(), ", "))
	}
	return LoadData(nameOrPath)
}
