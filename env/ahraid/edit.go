package ahraid

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/chariot-ai/chariot/env"
)

var _ env.Editor = (*State)(nil)

// EditHelp implements env.Editor.
func (s *State) EditHelp() string {
	return strings.Join([]string{
		"set BOAT fire | burning | dead in the water | evading | turned away | undamaged | sunk | afloat | in ZONE",
		"set COMMANDO strength N | grenades N | charges N | eliminated | at AREA   (an eliminated party comes back at strength 1)",
		"set G3 strength N | eliminated | at AREA         (a German unit on the map)",
		"set GUN ok | broken | out of action | destroyed  (a gun, searchlight or tower)",
		"set OBJECTIVE intact | damaged | destroyed",
		"set searchlights lit | dark",
		"VP follow from the pieces: set those, and the VP are recounted; dice are entered, not set",
	}, "\n")
}

// EditExamples implements env.Editor: for the first boat, commando,
// German unit, gun and objective that Edit may change now, a command that
// flips or lowers what the tables decide about it.
func (s *State) EditExamples() []string {
	d := s.data()
	var cands []string
	for b := range d.Boats {
		if s.BStat[b] == bAfloat {
			if s.BFlags[b]&bfFire == 0 {
				cands = append(cands, env.EditPrefix+d.Boats[b].Name+" fire")
			} else {
				cands = append(cands, env.EditPrefix+d.Boats[b].Name+" undamaged")
			}
		}
	}
	for u := range d.Commandos {
		if st := s.UStat[u]; st == uAboard || st == uAshore || st == uWater {
			n := int(s.UStr[u]) - 1
			if n < 1 {
				n = 2
			}
			cands = append(cands, fmt.Sprintf("%s%s strength %d", env.EditPrefix, d.Commandos[u].Name, n))
		}
	}
	for g := range s.GArea {
		if s.GArea[g] >= 0 {
			cands = append(cands, fmt.Sprintf("%sG%d eliminated", env.EditPrefix, g+1))
		}
	}
	for k := range d.Guns {
		if s.KStat[k] == kOK {
			cands = append(cands, env.EditPrefix+d.Guns[k].Name+" broken")
		} else {
			cands = append(cands, env.EditPrefix+d.Guns[k].Name+" ok")
		}
	}
	for o := range d.Objectives {
		if s.OStat[o] == oIntact {
			cands = append(cands, env.EditPrefix+d.Objectives[o].Name+" damaged")
		}
	}
	return env.FirstEdits(cands, 3, func(cmd string) error { c := *s; return c.Edit(cmd) })
}

// Edit implements env.Editor: it sets by hand a result the player's
// printed tables give otherwise. It refuses edits of the kinds of piece
// the pending die's step reads (the die was asked for on them as they
// stood: enter it, then correct), of the boat or commando deciding now, of
// German units and commandos while a German choice is pending (its
// options are already listed), and anything that would leave the position
// inconsistent or the pending decision without a move.
func (s *State) Edit(cmd string) error {
	t, err := env.EditCommand(cmd)
	if err != nil {
		return err
	}
	if s.IsTerminal() {
		return fmt.Errorf("%q: the game is over", cmd)
	}
	c := *s
	if err := c.edit(t); err != nil {
		return fmt.Errorf("%q: %w", cmd, err)
	}
	if c == *s {
		return fmt.Errorf("%q: that is already so", cmd)
	}
	if err := c.validate(); err != nil {
		return fmt.Errorf("%q: it would leave the position inconsistent (%v)", cmd, err)
	}
	var buf [numActions]env.Action
	if len(c.LegalActions(buf[:0])) == 0 {
		return fmt.Errorf("%q: it would leave the pending decision without a move; set it after", cmd)
	}
	*s = c
	return nil
}

// The kinds of piece an edit may touch.
const (
	pBoats uint8 = 1 << iota
	pCommandos
	pGermans
	pGuns
	pObjectives
	pLights
)

// rollReads is, by step, what its dice are read against (targets,
// modifiers, counts, options already listed): while one is pending, those
// pieces stay as they are.
var rollReads = [...]uint8{
	stepRepair:      pGuns | pLights,
	stepSearchlight: pGuns | pLights | pBoats,
	stepHarbour:     pBoats | pCommandos | pGuns | pLights,
	stepCover:       pBoats | pGuns | pLights,
	stepQuay:        pBoats | pCommandos | pGuns | pLights,
	stepBoatMove:    pBoats | pObjectives,
	stepWithdraw:    pObjectives | pGermans | pCommandos,
	stepLanding:     pBoats | pCommandos,
	stepActivation:  pGermans | pCommandos | pGuns | pObjectives,
	stepCdoMove:     pGermans | pCommandos,
	stepGerMove:     pGermans | pCommandos,
	stepCdoFire:     pCommandos | pGermans | pGuns,
	stepLongRange:   pCommandos | pGuns,
	stepGerFire:     pGermans | pCommandos | pGuns | pLights,
	stepTowers:      pGermans | pCommandos | pGuns | pLights,
	stepLosses:      pCommandos,
	stepDemolition:  pCommandos | pGermans | pGuns | pObjectives,
	stepEnd:         pObjectives | pBoats,
	stepOver:        0,
}

// atDie refuses an edit of what the pending die is read against.
func (s *State) atDie(what uint8, name string) error {
	if s.Roll != rollNone && rollReads[s.Step]&what != 0 {
		return fmt.Errorf("%s: a die of step %s is pending (%s): enter it first, then set", name, stepNames[s.Step], s.rollAbout())
	}
	return nil
}

// findName matches the longest printed name that begins t and is followed
// by a space, so that "ML 192 in A" finds the boat "ML 192".
func findName(t string, n int, nameOf func(int) string) (int, string) {
	best, rest := -1, ""
	for i := range n {
		nm := nameOf(i)
		if len(t) > len(nm) && strings.EqualFold(t[:len(nm)], nm) && t[len(nm)] == ' ' &&
			(best < 0 || len(nm) > len(nameOf(best))) {
			best, rest = i, strings.TrimSpace(t[len(nm):])
		}
	}
	return best, rest
}

func (s *State) edit(t string) error {
	d := s.data()
	if strings.HasPrefix(strings.ToLower(t), "vp ") || strings.EqualFold(t, "vp") {
		return fmt.Errorf("VP follow from the pieces: set those, and the VP are recounted")
	}
	if rest, ok := cutFold(t, "searchlights "); ok {
		return s.editLights(rest)
	}
	if b, rest := findName(t, len(d.Boats), func(i int) string { return d.Boats[i].Name }); b >= 0 {
		return s.editBoat(b, rest)
	}
	if u, rest := findName(t, len(d.Commandos), func(i int) string { return d.Commandos[i].Name }); u >= 0 {
		return s.editCommando(u, rest)
	}
	if k, rest := findName(t, len(d.Guns), func(i int) string { return d.Guns[i].Name }); k >= 0 {
		return s.editGun(k, rest)
	}
	if o, rest := findName(t, len(d.Objectives), func(i int) string { return d.Objectives[i].Name }); o >= 0 {
		return s.editObjective(o, rest)
	}
	if g, rest := findName(t, MaxGerman, func(i int) string { return "G" + strconv.Itoa(i+1) }); g >= 0 {
		return s.editGerman(g, rest)
	}
	return fmt.Errorf("%q begins with no boat, commando, German unit (G1, G2, ...), gun or objective followed by what to set", t)
}

func hasPrefixFold(t, prefix string) bool {
	_, ok := cutFold(t, prefix)
	return ok
}

// cutFold cuts prefix off t, ignoring case.
func cutFold(t, prefix string) (string, bool) {
	if len(t) >= len(prefix) && strings.EqualFold(t[:len(prefix)], prefix) {
		return strings.TrimSpace(t[len(prefix):]), true
	}
	return t, false
}

func (s *State) editBoat(b int, what string) error {
	d := s.data()
	name := d.Boats[b].Name
	if err := s.atDie(pBoats, name); err != nil {
		return err
	}
	if s.Dec != decNone && s.Step <= stepLanding && s.Step != stepCover && int(s.Cursor) == b {
		return fmt.Errorf("%s is deciding now: set it after", name)
	}
	f := &s.BFlags[b]
	if !strings.EqualFold(what, "afloat") && s.BStat[b] != bAfloat {
		return fmt.Errorf("%s is %s", name, map[uint8]string{bSunk: "sunk", bEngland: "safe in England"}[s.BStat[b]])
	}
	const damage = bfFire | bfBurning | bfDead | bfEvade | bfTurnAway
	switch strings.ToLower(what) {
	case "fire": // a fire aboard; a second one makes it burn (V-1)
		*f = *f&^bfBurning | bfFire
	case "burning":
		*f = *f&^bfFire | bfBurning
	case "dead in the water":
		*f |= bfDead
	case "evading":
		*f |= bfEvade
	case "turned away":
		*f |= bfTurnAway
	case "undamaged":
		*f &^= damage
	case "sunk":
		s.sink(b)
	case "afloat":
		if s.BStat[b] != bSunk {
			return fmt.Errorf("%s is not sunk", name)
		}
		// Its passengers stay in the water, where the sinking put them.
		s.BStat[b] = bAfloat
		*f &^= bfSunkInDock
	default:
		zn, ok := cutFold(what, "in ")
		if !ok {
			return fmt.Errorf("a boat may be set fire, burning, dead in the water, evading, turned away, undamaged, sunk, afloat or in ZONE, not %q", what)
		}
		z := s.findZone(zn)
		switch {
		case z < 0:
			return fmt.Errorf("no sea zone %q", zn)
		case z == int(d.england):
			return fmt.Errorf("a boat reaches England by sailing there (its passengers are then counted)")
		case z == int(d.ramZone) || *f&bfRammed != 0:
			return fmt.Errorf("only the destroyer's ram puts a boat on the South caisson, and a rammed boat stays there")
		}
		if int(s.BZone[b]) != z {
			s.BZone[b] = int8(z)
			// A beam stays on a boat only while it keeps its zone (step 2).
			for k := range s.BeamOn {
				if int(s.BeamOn[k]) == b {
					s.BeamOn[k] = -1
				}
			}
		}
	}
	return nil
}

func (s *State) findZone(n string) int {
	for z, zd := range s.data().Zones {
		if strings.EqualFold(zd.ID, n) || strings.EqualFold(zd.Name, n) {
			return z
		}
	}
	return -1
}

func (s *State) findArea(n string) int {
	for a, ad := range s.data().Areas {
		if strings.EqualFold(ad.ID, n) || ad.Name != "" && strings.EqualFold(ad.Name, n) {
			return a
		}
	}
	return -1
}

// germanChoice: the Germans' seat decides now, with its options listed.
func (s *State) germanChoice() bool { return s.Dec >= decGerMove }

func (s *State) editCommando(u int, what string) error {
	d := s.data()
	cd := &d.Commandos[u]
	if err := s.atDie(pCommandos, cd.Name); err != nil {
		return err
	}
	if s.germanChoice() {
		return fmt.Errorf("%s: the Germans are choosing (%s): set it after", cd.Name, s.Prompt())
	}
	if s.Dec >= decCdoMove && s.Dec <= decDemolish && int(s.Cursor) == u {
		return fmt.Errorf("%s is deciding now: set it after", cd.Name)
	}
	st := s.UStat[u]
	onMap := st == uAboard || st == uAshore || st == uWater
	switch {
	case strings.EqualFold(what, "eliminated"):
		if !onMap {
			return fmt.Errorf("%s %s", cd.Name, s.unitPlace(u))
		}
		s.UStat[u], s.UStr[u] = uEliminated, 0
	case hasPrefixFold(what, "strength "):
		n, err := strconv.Atoi(strings.TrimSpace(what[len("strength "):]))
		if err != nil || n < 1 || n > int(cd.Strength) {
			return fmt.Errorf("%s's strength is 1 to %d (its printed strength); set it eliminated for 0", cd.Name, cd.Strength)
		}
		if !onMap {
			return fmt.Errorf("%s %s", cd.Name, s.unitPlace(u))
		}
		s.UStr[u] = int8(n)
	case hasPrefixFold(what, "grenades ") || hasPrefixFold(what, "charges "):
		// Step 18 costs a grenade or a charge.
		word, num, _ := strings.Cut(strings.ToLower(what), " ")
		n, err := strconv.Atoi(strings.TrimSpace(num))
		most, v := cd.Grenades, &s.UGren[u]
		if word == "charges" {
			most, v = cd.Charges, &s.UChg[u]
		}
		if err != nil || n < 0 || n > int(most) {
			return fmt.Errorf("%s's %s are 0 to %d (its printed number)", cd.Name, word, most)
		}
		if !onMap {
			return fmt.Errorf("%s %s", cd.Name, s.unitPlace(u))
		}
		*v = int8(n)
	default:
		an, ok := cutFold(what, "at ")
		if !ok {
			return fmt.Errorf("a commando may be set strength N, grenades N, charges N, eliminated or at AREA, not %q", what)
		}
		a := s.findArea(an)
		if a < 0 {
			return fmt.Errorf("no area %q", an)
		}
		switch st {
		case uAshore:
		case uEliminated:
			s.UStr[u] = 1
		default:
			return fmt.Errorf("%s %s: it goes ashore by landing", cd.Name, s.unitPlace(u))
		}
		s.UStat[u], s.UWhere[u] = uAshore, int8(a)
		s.UFlags[u] |= ufWet
	}
	return nil
}

func (s *State) editGerman(g int, what string) error {
	d := s.data()
	name := "G" + strconv.Itoa(g+1)
	if s.GArea[g] < 0 {
		return fmt.Errorf("no German unit %s on the map", name)
	}
	if err := s.atDie(pGermans, name); err != nil {
		return err
	}
	if s.germanChoice() {
		return fmt.Errorf("%s: the Germans are choosing (%s): set it after", name, s.Prompt())
	}
	if s.Step == stepGerMove || s.Step == stepGerFire {
		// The step's order lists the units on the map.
		return fmt.Errorf("%s: step %s is under way: set it after", name, stepNames[s.Step])
	}
	switch {
	case strings.EqualFold(what, "eliminated"):
		s.GArea[g], s.GStr[g], s.GPen[g], s.GReduced[g] = -1, 0, false, false
	case hasPrefixFold(what, "strength "):
		n, err := strconv.Atoi(strings.TrimSpace(what[len("strength "):]))
		if err != nil || n < 1 || n > 6 {
			return fmt.Errorf("a German unit's strength is 1 to 6; set it eliminated for 0")
		}
		if n < int(s.GStr[g]) {
			s.GReduced[g] = true
		}
		s.GStr[g] = int8(n)
	default:
		an, ok := cutFold(what, "at ")
		if !ok {
			return fmt.Errorf("a German unit may be set strength N, eliminated or at AREA, not %q", what)
		}
		a := s.findArea(an)
		if a < 0 {
			return fmt.Errorf("no area %q", an)
		}
		if s.GPen[g] && d.Areas[a].Shape != shHexagon {
			return fmt.Errorf("%s garrisons the U-boat pens and never leaves them", name)
		}
		s.GArea[g] = int8(a)
	}
	return nil
}

var gunStatWords = map[string]uint8{"ok": kOK, "broken": kBroken, "out of action": kOut, "destroyed": kDestroyed}

func (s *State) editGun(k int, what string) error {
	st, ok := gunStatWords[strings.ToLower(what)]
	if !ok {
		return fmt.Errorf("a gun, searchlight or tower may be set ok, broken, out of action or destroyed, not %q", what)
	}
	if err := s.atDie(pGuns, s.data().Guns[k].Name); err != nil {
		return err
	}
	if s.Dec == decGerTarget && s.Step == stepTowers && int(s.Aux) == k {
		return fmt.Errorf("%s is choosing its target: set it after", s.data().Guns[k].Name)
	}
	s.KStat[k] = st
	if st != kOK && s.data().Guns[k].Kind == kSearchlight {
		s.Beam[k], s.BeamOn[k] = -1, -1
	}
	return nil
}

var objStatWords = map[string]uint8{"intact": oIntact, "damaged": oDamaged, "destroyed": oDestroyed}

func (s *State) editObjective(o int, what string) error {
	name := s.data().Objectives[o].Name
	st, ok := objStatWords[strings.ToLower(what)]
	if !ok {
		return fmt.Errorf("an objective may be set intact, damaged or destroyed, not %q", what)
	}
	if err := s.atDie(pObjectives, name); err != nil {
		return err
	}
	if s.OStat[o] == oGone {
		return fmt.Errorf("%s has withdrawn from the basin", name)
	}
	switch {
	case st > s.OStat[o]:
		// As a hit does: charges gone, and the power station darkens the
		// searchlights.
		s.hitObjective(o, map[uint8]uint8{oDamaged: effDamaged, oDestroyed: effDestroyed}[st])
	case st < s.OStat[o]:
		s.OStat[o] = st
	}
	return nil
}

func (s *State) editLights(what string) error {
	if err := s.atDie(pLights, "the searchlights"); err != nil {
		return err
	}
	switch strings.ToLower(what) {
	case "lit":
		s.Lights = true
	case "dark":
		if s.Lights {
			// As when the power fails: relighting is rolled from two turns on.
			s.Lights, s.PowerAt = false, s.Turn
			for k := range s.Beam {
				s.Beam[k], s.BeamOn[k] = -1, -1
			}
		}
	default:
		return fmt.Errorf("the searchlights may be set lit or dark, not %q", what)
	}
	return nil
}
