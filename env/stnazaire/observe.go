package stnazaire

import (
	"math/bits"
	"math/rand/v2"
	"sort"

	"github.com/chariot-ai/chariot/env"
)

// What the British player sees: everything but the identity of face-down
// German counters (8.2) and the order of the pools.

const (
	obsGlobal   = 1 + 9 + 8 + 14 + 4 // turn, phase, decision, roll, vp/lost/pools
	obsPerUnit  = 6 + 8              // status one-hot, flags and strength, then the space one-hot
	obsPerSpace = 7
)

func observationSize(d *Data) int {
	return obsGlobal + len(d.British)*(obsPerUnit+len(d.Spaces)) + len(d.Spaces)*obsPerSpace
}

// Observation writes the British view as a float32 tensor. Layout: global
// block; per commando (status one-hot, reduced, pinned, moved, fired in C,
// tried demolition, deciding now, strength/6, on an objective, space
// one-hot); per space (revealed Germans/3, their strength/15, face-down
// Germans/3, pinned Germans/3, FlaK present, destroyed, objective/17).
func (s *State) Observation(p env.Player, buf []float32) []float32 {
	d := s.data()
	n := s.g.obsSize
	if cap(buf) < n {
		buf = make([]float32, n)
	}
	buf = buf[:n]
	clear(buf)
	buf[0] = float32(s.turn) / 10
	buf[1+s.phase] = 1
	if !germanDecision(s.dec) {
		buf[10+s.dec] = 1 // a German seat's decision is told by the phase
	}
	buf[18+s.roll] = 1
	var pa, pb int
	for g := range d.German {
		switch s.gLoc[g] {
		case gPoolA:
			pa++
		case gPoolB:
			pb++
		}
	}
	buf[32], buf[33], buf[34], buf[35] = float32(s.vp)/100, float32(s.lost)/20, float32(pa)/20, float32(pb)/20
	o := obsGlobal
	for u := range d.British {
		buf[o+int(s.bStatus[u])] = 1
		f := buf[o+6 : o+obsPerUnit]
		f[0], f[1], f[2], f[3], f[4] = b2f(s.bf.has(u, fReduced)), b2f(s.bf.has(u, fPinned)), b2f(s.bf.has(u, fMoved)), b2f(s.bf.has(u, fFiredC)), b2f(s.bf.has(u, fTried))
		f[5] = b2f(s.dec != decNone && !germanDecision(s.dec) && int(s.decUnit) == u || s.roll != rollNone && int(s.rollU) == u)
		f[6] = float32(s.bStrength(u)) / 6
		o += obsPerUnit
		if sp := s.bSpace[u]; sp >= 0 {
			f[7] = b2f(d.Spaces[sp].Objective > 0 && !s.destroyed.has(int(sp)))
			buf[o+int(sp)] = 1
		}
		o += len(d.Spaces)
	}
	for g := range d.German {
		if s.gLoc[g] != gOnMap {
			continue
		}
		f := buf[o+int(s.gSpace[g])*obsPerSpace:]
		if s.gf.has(g, fConcealed) && p != 1 { // the German seat knows its own counters
			f[2] += 1.0 / 3
			continue
		}
		f[0] += 1.0 / 3
		f[1] += float32(d.German[g].Strength) / 15
		if s.gf.has(g, fPinned) {
			f[3] += 1.0 / 3
		}
		if isFlak(d.German[g].Class) {
			f[4] = 1
		}
	}
	for sp := range d.Spaces {
		f := buf[o+sp*obsPerSpace:]
		f[5] = b2f(s.destroyed.has(sp))
		f[6] = float32(d.Spaces[sp].Objective) / 17
	}
	return buf
}

func b2f(b bool) float32 {
	if b {
		return 1
	}
	return 0
}

// View is the structured British observation.
type View struct {
	Turn      int          `json:"turn"`
	Phase     string       `json:"phase"`
	Prompt    string       `json:"prompt"`
	VP        int          `json:"vp"`
	Lost      int          `json:"lost"`
	PoolA     int          `json:"pool_a"`
	PoolB     int          `json:"pool_b"`
	Destroyed []string     `json:"destroyed"`
	British   []ViewUnit   `json:"british"`
	German    []ViewGerman `json:"german"`
}

// ViewUnit is a commando as the player sees it.
type ViewUnit struct {
	Name      string `json:"name"`
	Type      string `json:"type"`
	Status    string `json:"status"`
	Space     string `json:"space,omitempty"`
	Strength  int    `json:"strength"`
	Objective int    `json:"objective"`
	Reduced   bool   `json:"reduced,omitempty"`
	Pinned    bool   `json:"pinned,omitempty"`
}

// ViewGerman is a German counter on the map; a face-down one shows only
// its space, except to the German seat, which sees it whole, marked
// concealed. Face-down counters are listed last, by space, so their order
// says nothing of who they are.
type ViewGerman struct {
	Space     string `json:"space"`
	Concealed bool   `json:"concealed,omitempty"`
	Name      string `json:"name,omitempty"`
	Class     string `json:"class,omitempty"`
	Strength  int    `json:"strength,omitempty"`
	Pinned    bool   `json:"pinned,omitempty"`
}

var typeNames = [...]string{"assault", "demolition", "hq"}

// Observe returns seat p's view as a View: the British view, or under
// opponent=seat for the German seat (1) the same with every face-down
// counter shown face up (the German knows its own counters).
func (s *State) Observe(p env.Player) any { return s.view(p == 1) }

// View returns the British view.
func (s *State) View() View { return s.view(false) }

// view is the British view, or with german the German seat's.
func (s *State) view(german bool) View {
	d := s.data()
	v := View{Turn: int(s.turn), Phase: phaseNames[s.phase], Prompt: s.Prompt(), VP: int(s.vp), Lost: int(s.lost), Destroyed: []string{}}
	for sp := range d.Spaces {
		if s.destroyed.has(sp) {
			v.Destroyed = append(v.Destroyed, d.Spaces[sp].ID)
		}
	}
	for u, b := range d.British {
		vu := ViewUnit{Name: b.Name, Type: typeNames[b.Type], Status: bStatusNames[s.bStatus[u]], Strength: s.bStrength(u),
			Objective: int(b.Objective), Reduced: s.bf.has(u, fReduced), Pinned: s.bf.has(u, fPinned)}
		if sp := s.bSpace[u]; sp >= 0 {
			vu.Space = d.Spaces[sp].ID
		}
		v.British = append(v.British, vu)
	}
	var hidden []ViewGerman
	for g, gu := range d.German {
		switch {
		case s.gLoc[g] == gPoolA:
			v.PoolA++
		case s.gLoc[g] == gPoolB:
			v.PoolB++
		case s.gLoc[g] == gOnMap && s.gf.has(g, fConcealed) && !german:
			hidden = append(hidden, ViewGerman{Space: d.Spaces[s.gSpace[g]].ID, Concealed: true})
		case s.gLoc[g] == gOnMap:
			v.German = append(v.German, ViewGerman{Space: d.Spaces[s.gSpace[g]].ID, Name: gu.Name, Class: classNames[gu.Class],
				Strength: int(gu.Strength), Pinned: s.gf.has(g, fPinned), Concealed: s.gf.has(g, fConcealed)})
		}
	}
	sort.Slice(hidden, func(i, j int) bool { return hidden[i].Space < hidden[j].Space })
	v.German = append(v.German, hidden...)
	return v
}

// Resample redraws the identity of every face-down German counter on the
// map and of every counter in the pools, keeping what the British have
// seen: the classes of set-up areas (3), that pool A never holds the
// 679. Infanterie-Regiment (12), pool sizes, and every revealed counter. The
// hidden draw stream is reseeded from rng, so future draws differ too. The
// German seat (1, under opponent=seat) sees every counter: for it only the
// draw stream is reseeded.
func (s *State) Resample(p env.Player, rng *rand.Rand) env.State {
	d := s.data()
	c := *s
	c.hidden = *rand.NewPCG(rng.Uint64(), rng.Uint64())
	if p == 1 {
		return &c // the German seat sees its counters; only future draws are unknown
	}
	const anyClass, not679 = -1, -2
	var slotG [MaxGerman]int8
	var slotNeed [MaxGerman]int8
	n := 0
	// The slots, most constrained first so that the greedy draw always
	// succeeds, in counter order within a kind: the face-down counters set
	// up for an area (their class), those drawn from pool A (not the
	// 679.), pool A, the other face-down counters, pool B. free: the
	// unknown counters not yet drawn (bit h: counter h).
	var kind [MaxGerman]int8
	var start [6]int
	var free uint64
	for g := range d.German {
		onMap := s.gLoc[g] == gOnMap
		switch {
		case onMap && !s.gf.has(g, fConcealed):
			continue
		case onMap && s.gOrigin[g] == originSetup:
			kind[g] = 0
		case onMap && s.gOrigin[g] == originPoolA:
			kind[g] = 1
		case s.gLoc[g] == gPoolA:
			kind[g] = 2
		case onMap:
			kind[g] = 3
		case s.gLoc[g] == gPoolB:
			kind[g] = 4
		default:
			continue // removed
		}
		free |= 1 << g
		start[kind[g]+1]++
	}
	for k := 1; k < len(start); k++ {
		start[k] += start[k-1]
	}
	n = start[len(start)-1]
	for m := free; m != 0; m &= m - 1 {
		g := bits.TrailingZeros64(m)
		i := start[kind[g]]
		start[kind[g]]++
		slotG[i] = int8(g)
		switch kind[g] {
		case 0:
			slotNeed[i] = int8(d.German[g].Class)
		case 1, 2:
			slotNeed[i] = not679
		default:
			slotNeed[i] = anyClass
		}
	}
	// A slot draws uniformly among the free counters that fit it, the k-th
	// in counter order for a draw of k.
	var newIdx [MaxGerman]int8
	for g := range d.German {
		newIdx[g] = int8(g)
	}
	for i := 0; i < n; i++ {
		fits := free
		switch need := slotNeed[i]; need {
		case anyClass:
		case not679:
			fits &^= d.classSet(ClassInf679)
		default:
			fits &= d.classSet(uint8(need))
		}
		pick := slotG[i] // keep the truth if the data admits nothing else
		if count := bits.OnesCount64(fits); count > 0 {
			pick = int8(nthMember(fits, rng.IntN(count)))
		}
		free &^= 1 << pick
		newIdx[slotG[i]] = pick
	}
	for i := 0; i < n; i++ {
		from, to := int(slotG[i]), int(newIdx[slotG[i]])
		c.gLoc[to], c.gSpace[to], c.gf[to] = s.gLoc[from], s.gSpace[from], s.gf[from]
		c.gOrigin[to], c.gMovesLeft[to], c.gTarget[to], c.gHit[to] = s.gOrigin[from], s.gMovesLeft[from], s.gTarget[from], s.gHit[from]
	}
	for k := 0; k < int(s.nOrder); k++ {
		c.gOrder[k] = newIdx[s.gOrder[k]]
	}
	if n > 0 {
		c.recountGerman() // a redrawn counter may differ in class, so in its zone of control
	}
	return &c
}
