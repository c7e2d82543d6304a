package jubilee

import (
	"errors"
	"math/rand/v2"

	"github.com/chariot-ai/chariot/env"
)

var errNoRule = errors.New("jubilee: the rules script only the German seat")

// Observation planes, one per channel over the rows × columns of the
// three maps packed in one grid; the last plane holds the globals.
const (
	chSea = iota
	chBeach
	chClear
	chTown
	chWoods
	chRoad
	chPosition
	chObjective
	chDestroyed
	chGerman
	chGermanStrength // revealed units only
	chGermanDisrupted
	chDepth
	chDepthStrength // revealed markers only
	chField
	chInfantry
	chCommando
	chTank
	chCWDisrupted
	chGlobals
	numChannels
)

// ObservationShape is channels × rows × columns.
func (g *Game) ObservationShape() []int {
	return []int{numChannels, g.data.Height, g.data.Width}
}

// ObservationSize is the product of the shape.
func (g *Game) ObservationSize() int { return numChannels * g.data.Height * g.data.Width }

// Observation writes seat p's view. The CW seat does not see unrevealed
// German strength or depth markers; the German seat sees everything.
func (s *State) Observation(p env.Player, buf []float32) []float32 {
	d := s.data()
	n := s.g.ObservationSize()
	if cap(buf) < n {
		buf = make([]float32, n)
	}
	buf = buf[:n]
	clear(buf)
	plane := d.Height * d.Width
	at := func(ch, h int) int {
		x := &d.Hexes[h]
		return ch*plane + (x.Row-d.MinRow)*d.Width + (x.Col - d.MinCol)
	}
	all := p == 1
	fields := s.liveFields()
	for h := range d.Hexes {
		x := &d.Hexes[h]
		buf[at(int(x.Terrain), h)] = 1
		if x.Road {
			buf[at(chRoad, h)] = 1
		}
		if fields.has(h) {
			buf[at(chField, h)] = 1
		}
	}
	for q, pos := range d.Positions {
		h := int(pos.Hex)
		buf[at(chPosition, h)] = 1
		buf[at(chObjective, h)] = float32(pos.VP) / 5
		if s.isDestroyed(q) {
			buf[at(chDestroyed, h)] = 1
		}
		g := s.posUnit[q]
		if g < 0 {
			continue
		}
		buf[at(chGerman, h)] = 1
		if all || s.gF[g]&gRevealed != 0 {
			buf[at(chGermanStrength, h)] = float32(d.German[g].Strength) / 5
		}
		if s.gF[g]&gDisrupted != 0 {
			buf[at(chGermanDisrupted, h)] = 1
		}
		if m := s.gDepth[g]; m >= 0 {
			buf[at(chDepth, h)] = 1
			if all || s.depthRev[m] {
				buf[at(chDepthStrength, h)] = float32(d.Depth[m].Strength) / 3
			}
		}
	}
	for u, c := range d.CW {
		if s.cwSt[u] != cwMap {
			continue
		}
		h := int(s.cwAt[u])
		buf[at(chInfantry+int(c.Type), h)] += float32(s.cwSteps[u]) / 3
		if s.cwF[u]&(fDisrupted|fAtkDis) != 0 {
			buf[at(chCWDisrupted, h)] += 0.5
		}
	}
	g := buf[chGlobals*plane : (chGlobals+1)*plane]
	k := 0
	put := func(v float32) {
		if k < len(g) {
			g[k] = v
		}
		k++
	}
	put(float32(s.turn) / numTurns)
	put(float32(s.phase) / 6)
	for t := range numTracks {
		put(float32(s.tp[t]) / 8)
	}
	for m := range 3 {
		if s.evac[m] {
			put(1)
		} else {
			put(0)
		}
	}
	put(float32(s.vp) / 40)
	put(float32(s.evacSteps) / 100)
	put(float32(s.elim3) / 10)
	for b := range d.Boxes {
		steps := int(s.boxLoose[b])
		for u := range d.CW {
			if s.cwSt[u] == cwBox && int(s.cwAt[u]) == b {
				steps += int(s.cwSteps[u])
			}
		}
		put(float32(steps) / 6)
	}
	for kind := range numChitKinds {
		n := 0
		for c := range d.Chits {
			if s.chitSt[c] == chCup && d.Chits[c].Kind == uint8(kind) {
				n++
			}
		}
		put(float32(n) / 20)
	}
	if s.wallDown {
		put(1)
	} else {
		put(0)
	}
	put(float32(s.dec) / 16)
	if s.sel >= 0 {
		put(float32(s.sel+1) / MaxCW)
	} else {
		put(0)
	}
	return buf
}

// View is the structured observation.
type View struct {
	Turn      int         `json:"turn"`
	Phase     string      `json:"phase"`
	Prompt    string      `json:"prompt"`
	VP        int         `json:"objective_vp"`
	Evacuated int         `json:"evacuated_steps"`
	TP        []int       `json:"transport_points"`
	Evac      []string    `json:"evacuation_mode"`
	Pieces    []env.Piece `json:"pieces"`
}

// Observe returns seat p's view as a struct.
func (s *State) Observe(p env.Player) any {
	v := View{Turn: int(s.turn), Phase: s.Phase(), Prompt: s.Prompt(), VP: int(s.vp), Evacuated: int(s.evacSteps), Pieces: s.pieces(p == 1)}
	for t := range numTracks {
		v.TP = append(v.TP, int(s.tp[t]))
	}
	for m, on := range s.evac {
		if on {
			v.Evac = append(v.Evac, s.data().MapNames[m])
		}
	}
	return v
}

// Resample redraws what the CW player cannot see (2.14, 2.16): unrevealed
// German units change places with unrevealed units of the same back
// letter, and unrevealed depth markers are redrawn from those on the map
// face down and in the Depth box. The hidden stream is reseeded.
func (s *State) Resample(p env.Player, rng *rand.Rand) env.State {
	c := *s
	if p == 1 {
		return &c
	}
	d := s.data()
	// German units: shuffle identities within each letter.
	var idx [MaxGerman]int
	for _, letter := range []byte("YOBDGRC") {
		n := 0
		for g := range d.German {
			if d.German[g].Letter == letter && c.gPos[g] >= 0 && c.gF[g]&gRevealed == 0 {
				idx[n] = g
				n++
			}
		}
		for i := n - 1; i > 0; i-- {
			j := rng.IntN(i + 1)
			a, b := idx[i], idx[j]
			if a == b {
				continue
			}
			c.gPos[a], c.gPos[b] = c.gPos[b], c.gPos[a]
			c.gF[a], c.gF[b] = c.gF[b], c.gF[a]
			c.gDepth[a], c.gDepth[b] = c.gDepth[b], c.gDepth[a]
		}
	}
	for q := range c.posUnit {
		c.posUnit[q] = -1
	}
	for g := range d.German {
		if c.gPos[g] >= 0 {
			c.posUnit[c.gPos[g]] = int8(g)
		}
	}
	// Depth markers: redraw the unrevealed ones among their slots.
	var slots [MaxDepth]int
	var marks [MaxDepth]int
	ns, nm := 0, 0
	for g := range d.German {
		if m := c.gDepth[g]; m >= 0 && !c.depthRev[m] && c.gPos[g] >= 0 {
			slots[ns] = g
			ns++
		}
	}
	for m := range d.Depth {
		if (c.depthSt[m] == dMap && !c.depthRev[m]) || c.depthSt[m] == dBox {
			marks[nm] = m
			nm++
		}
	}
	for i := nm - 1; i > 0; i-- {
		j := rng.IntN(i + 1)
		marks[i], marks[j] = marks[j], marks[i]
	}
	for i := range nm {
		c.depthSt[marks[i]] = dBox
	}
	for i := range ns {
		m := marks[i]
		c.depthSt[m] = dMap
		c.gDepth[slots[i]] = int8(m)
	}
	c.hidden = *rand.NewPCG(rng.Uint64(), rng.Uint64())
	return &c
}
