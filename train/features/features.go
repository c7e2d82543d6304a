package features

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/chariot-ai/chariot/env"
)

// GenericVersion numbers the generic encoding.
const GenericVersion = 1

// maxOneHot is the largest action space whose actions the generic encoding
// also writes one-hot: beyond it the index alone stands for the action.
const maxOneHot = 64

// NewEncoder returns the encoder of seat p's view of g: the game's own
// (env.Featurer) where it offers one for p, else the generic encoding.
func NewEncoder(g env.Game, p env.Player) env.FeatureEncoder {
	if f, ok := g.(env.Featurer); ok {
		if e := f.NewFeatureEncoder(p); e != nil {
			return e
		}
	}
	return NewGeneric(g, p)
}

// Names lists the names of docs.
func Names(docs []env.FeatureDoc) []string {
	names := make([]string, len(docs))
	for i, d := range docs {
		names[i] = d.Name
	}
	return names
}

// Generic encodes a state as seat p's observation, and a state–action
// pair as the observation followed by the action's index and, for small
// action spaces, the action one-hot.
type Generic struct {
	p       env.Player
	obs     []float32
	state   []float64
	stDocs  []env.FeatureDoc
	actDocs []env.FeatureDoc
	oneHot  bool
}

// NewGeneric builds the generic encoder of seat p's view of g.
func NewGeneric(g env.Game, p env.Player) *Generic {
	e := &Generic{p: p, oneHot: g.NumDistinctActions() <= maxOneHot}
	for i := range g.ObservationSize() {
		e.stDocs = append(e.stDocs, env.FeatureDoc{Name: "obs_" + strconv.Itoa(i), Lo: 0, Hi: 0,
			Meaning: "element " + strconv.Itoa(i) + " of the seat's observation tensor (range as the game writes it)"})
	}
	e.actDocs = append(e.actDocs, e.stDocs...)
	e.actDocs = append(e.actDocs, env.FeatureDoc{Name: "action", Lo: 0, Hi: float64(g.NumDistinctActions() - 1),
		Meaning: "the action's index in the game's action space"})
	if e.oneHot {
		for a := range g.NumDistinctActions() {
			e.actDocs = append(e.actDocs, env.FeatureDoc{Name: "is_action_" + strconv.Itoa(a), Lo: 0, Hi: 1,
				Meaning: "1 if the action is number " + strconv.Itoa(a)})
		}
	}
	return e
}

// Version implements env.FeatureEncoder.
func (e *Generic) Version() int { return GenericVersion }

// StateDocs implements env.FeatureEncoder.
func (e *Generic) StateDocs() []env.FeatureDoc { return e.stDocs }

// ActionDocs implements env.FeatureEncoder.
func (e *Generic) ActionDocs() []env.FeatureDoc { return e.actDocs }

// Reset implements env.FeatureEncoder: it reads seat p's observation of s.
func (e *Generic) Reset(s env.State) {
	e.obs = s.Observation(e.p, e.obs)
	e.state = e.state[:0]
	for _, v := range e.obs {
		e.state = append(e.state, float64(v))
	}
}

// EncodeState implements env.FeatureEncoder.
func (e *Generic) EncodeState(buf []float64) []float64 { return append(buf[:0], e.state...) }

// EncodeAction implements env.FeatureEncoder.
func (e *Generic) EncodeAction(a env.Action, buf []float64) []float64 {
	buf = append(buf[:0], e.state...)
	buf = append(buf, float64(a))
	if e.oneHot {
		n := len(e.actDocs) - len(e.state) - 1
		for k := range n {
			v := 0.0
			if k == int(a) {
				v = 1
			}
			buf = append(buf, v)
		}
	}
	return buf
}

// EncoderName names the encoding enc writes, as a model file records it:
// "generic" for the generic encoding, else the package of the game's
// own encoder ("stnazaire").
func EncoderName(enc env.FeatureEncoder) string {
	if _, ok := enc.(*Generic); ok {
		return "generic"
	}
	name := strings.TrimLeft(fmt.Sprintf("%T", enc), "*")
	pkg, _, _ := strings.Cut(name, ".")
	return pkg
}
