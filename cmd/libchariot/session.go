package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
	"github.com/chariot-ai/chariot/env/gym"
	"github.com/chariot-ai/chariot/eval"
	"github.com/chariot-ai/chariot/train/features"
)

// config is what Python asks for when it opens an environment, as JSON.
type config struct {
	Game     string `json:"game"`      // a game spec, "stnazaire:turns=5"
	Data     string `json:"data"`      // as chariot's --data: a data set's name or file
	Seat     int    `json:"seat"`      // the seat the environment plays
	Others   string `json:"others"`    // agent spec for every other seat
	MaxSteps int    `json:"max_steps"` // truncation after this many steps (0: never)
	// Features makes the observation the seat's learning features
	// (env.Featurer, or the generic encoding) instead of its observation
	// tensor; ActionFeatures adds each legal action's features.
	Features       bool `json:"features"`
	ActionFeatures bool `json:"action_features"`
}

// newGame builds a game as chariot's --game and --data do.
func newGame(spec, data string) (env.Game, error) {
	if data != "" {
		if strings.ContainsAny(data, ",=") {
			return nil, badInput("data %q: the path may not contain ',' or '='", data)
		}
		sep := ":"
		if strings.Contains(spec, ":") {
			sep = ","
		}
		spec += sep + "data=" + data
	}
	g, err := env.NewGame(spec)
	if err != nil {
		return nil, badInput("%v", err)
	}
	return g, nil
}

// info describes an environment to Python, as JSON, once.
type info struct {
	Game             string   `json:"game"` // the canonical spec
	Name             string   `json:"name"`
	Seats            []string `json:"seats"`
	Seat             int      `json:"seat"`
	Actions          int      `json:"actions"`
	ObservationShape []int    `json:"observation_shape"`
	// StateFeatures and ActionFeatures name the features of the seat's
	// encoder; Encoder names the encoder as model files record it.
	StateFeatures  []string `json:"state_features"`
	ActionFeatures []string `json:"action_features"`
	Encoder        string   `json:"encoder"`
	FeatureVersion int      `json:"feature_version"`
}

func describeGame(g env.Game, seat env.Player, enc env.FeatureEncoder) info {
	in := info{Game: eval.GameSpec(g), Name: g.Name(), Seat: int(seat), Actions: g.NumDistinctActions(),
		ObservationShape: env.ObservationShape(g), StateFeatures: features.Names(enc.StateDocs()),
		ActionFeatures: features.Names(enc.ActionDocs()), Encoder: features.EncoderName(enc), FeatureVersion: enc.Version()}
	for p := range g.NumPlayers() {
		in.Seats = append(in.Seats, env.SeatName(g, env.Player(p)))
	}
	return in
}

// session is one seat's environment: env/gym with the buffers of its
// view, so a step writes straight into the caller's arrays.
type session struct {
	cfg  config
	game env.Game
	enc  env.FeatureEncoder
	gym  *gym.Env
	info info

	running bool
	mask    []bool // the current legal mask, kept to check a vector's actions
	feat    []float64
}

// newSession opens the environment cfg asks for.
func newSession(cfg config) (*session, error) {
	g, err := newGame(cfg.Game, cfg.Data)
	if err != nil {
		return nil, err
	}
	if cfg.Seat < 0 || cfg.Seat >= g.NumPlayers() {
		return nil, badInput("seat %d: %s has seats 0 to %d", cfg.Seat, g.Name(), g.NumPlayers()-1)
	}
	if cfg.MaxSteps < 0 {
		return nil, badInput("max_steps %d: must be 0 (no limit) or more", cfg.MaxSteps)
	}
	if g.NumPlayers() > 1 {
		if cfg.Others == "" {
			return nil, badInput("%s has %d seats: name the agent that plays the others (others=\"random\")", g.Name(), g.NumPlayers())
		}
		if _, err := agents.New(cfg.Others, g, 0); err != nil {
			return nil, badInput("others %q: %v", cfg.Others, err)
		}
	}
	seat := env.Player(cfg.Seat)
	s := &session{cfg: cfg, game: g, enc: features.NewEncoder(g, seat)}
	s.info = describeGame(g, seat, s.enc)
	return s, nil
}

// newGym builds env/gym for an episode of the given seed, with the other
// seats' agent seeded by it too, so that the seed alone fixes the episode.
// The cross-language trace (trace.go) builds it the same way.
func newGym(g env.Game, seat env.Player, others string, maxSteps int, seed uint64) (*gym.Env, error) {
	var policy gym.Policy
	if g.NumPlayers() > 1 {
		a, err := agents.New(others, g, seed)
		if err != nil {
			return nil, badInput("others %q: %v", others, err)
		}
		policy = func(s env.State) (env.Action, error) { return a.Act(context.Background(), s) }
	}
	return gym.New(g, seat, policy, gym.MaxSteps(maxSteps)), nil
}

// view is where a step writes: slices over the caller's memory, any of
// them nil when not wanted.
type view struct {
	obs     []float32 // the observation or state features
	mask    []uint8   // 1 for each legal action
	actFeat []float32 // actions × action features; rows of illegal actions zero
}

// reset starts the episode of seed and writes its first view. It returns
// the seat's return so far (non-zero only when the game ended before the
// seat's first decision).
func (s *session) reset(seed uint64, v view) (float64, error) {
	g, err := newGym(s.game, env.Player(s.cfg.Seat), s.cfg.Others, s.cfg.MaxSteps, seed)
	if err != nil {
		return 0, err
	}
	s.gym, s.running = g, false
	obs, in, err := g.Reset(seed)
	if err != nil {
		return 0, engineFailure(err)
	}
	s.running = !in.State.IsTerminal()
	s.write(obs, in, v)
	return in.Return, nil
}

// step plays action a and writes the next view.
func (s *session) step(a int, v view) (reward float64, terminated, truncated bool, err error) {
	if !s.running {
		return 0, false, false, badInput("chariot: step without a running episode: call reset first (the episode ended, or never began)")
	}
	obs, reward, terminated, truncated, in, err := s.gym.Step(env.Action(a))
	switch legal := a >= 0 && a < len(s.mask) && s.mask[a]; {
	case !legal && errors.Is(err, env.ErrIllegal):
		return 0, false, false, illegal(err) // the game's message; nothing changed
	case !legal:
		s.running = false
		return 0, false, false, fmt.Errorf("chariot: %s took action %d, which its legal mask excluded (err %v)", s.game.Name(), a, err)
	case err != nil:
		// Beyond the seat's action: the other seats' agent or a chance node.
		s.running = false
		return 0, false, false, engineFailure(err)
	}
	s.running = !terminated && !truncated
	s.write(obs, in, v)
	return reward, terminated, truncated, nil
}

// write copies one position's view into v.
func (s *session) write(obs []float32, in gym.Info, v view) {
	s.mask = append(s.mask[:0], in.Mask...)
	if v.obs != nil {
		if s.cfg.Features {
			s.enc.Reset(in.State)
			s.feat = s.enc.EncodeState(s.feat)
			for i, x := range s.feat {
				v.obs[i] = float32(x)
			}
		} else {
			copy(v.obs, obs)
		}
	}
	if v.mask != nil {
		for i, m := range in.Mask {
			v.mask[i] = b2u(m)
		}
	}
	if v.actFeat != nil {
		clear(v.actFeat)
		if len(in.Legal) > 0 {
			if !s.cfg.Features {
				s.enc.Reset(in.State)
			}
			n := len(s.info.ActionFeatures)
			for _, a := range in.Legal {
				s.feat = s.enc.EncodeAction(a, s.feat)
				row := v.actFeat[int(a)*n : int(a)*n+n]
				for i, x := range s.feat {
					row[i] = float32(x)
				}
			}
		}
	}
}

// obsSize is the length of the observation the session writes.
func (s *session) obsSize() int {
	if s.cfg.Features {
		return len(s.info.StateFeatures)
	}
	return s.game.ObservationSize()
}

func (s *session) describe() ([]byte, error) {
	return json.Marshal(struct {
		info
		ObsSize int `json:"obs_size"`
	}{s.info, s.obsSize()})
}

func b2u(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}
