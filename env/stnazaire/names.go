package stnazaire

import (
	"fmt"
	"strings"
)

// SpaceName is space sp as the map prints it, with its objective number
// where it has one: "Old Mole landing stage", "Pumping station (objective
// 3)". A space the data file gives no name is called by its id.
func (d *Data) SpaceName(sp int) string {
	if sp < 0 || sp >= len(d.Spaces) {
		return "off the map"
	}
	name := d.Spaces[sp].Name
	if name == "" {
		name = d.Spaces[sp].ID
	}
	if o := d.Spaces[sp].Objective; o > 0 {
		name += fmt.Sprintf(" (objective %d)", o)
	}
	return name
}

// indexSpaceNames lets ParseAction find a space by its printed name, with
// or without the objective number, in any case. A name must name one space
// only and must not be another space's id, so that every name a move
// prints reads back to the same space.
func (d *Data) indexSpaceNames() error {
	for i, sp := range d.Spaces {
		keys := []string{strings.ToLower(d.SpaceName(i))}
		if sp.Name != "" {
			keys = append(keys, strings.ToLower(strings.TrimSpace(sp.Name)))
		}
		for _, k := range keys {
			if j, dup := d.spaceByName[k]; dup && j != int16(i) {
				return fmt.Errorf("space %q: name %q is also the name of space %q", sp.ID, sp.Name, d.Spaces[j].ID)
			}
			for j, other := range d.Spaces {
				if j != i && strings.EqualFold(other.ID, k) {
					return fmt.Errorf("space %q: name %q is the id of space %q", sp.ID, sp.Name, other.ID)
				}
			}
			d.spaceByName[k] = int16(i)
		}
	}
	return nil
}

// findSpace reads a space as a person or an old save file names it: its
// printed name (with or without the objective number, any case) or its id.
func (d *Data) findSpace(text string) (int16, bool) {
	t := strings.TrimSpace(text)
	if sp, ok := d.spaceByName[strings.ToLower(t)]; ok {
		return sp, true
	}
	sp, ok := d.spaceIdx[t]
	return sp, ok
}

// germanLabel names a German counter with its side and strength, so that
// its number is never read as its strength: "German KM Minensucher 2
// (strength 3)".
func (d *Data) germanLabel(g int) string {
	if g < 0 || g >= len(d.German) {
		return "German ?"
	}
	return fmt.Sprintf("German %s (strength %d)", d.German[g].Name, d.German[g].Strength)
}
