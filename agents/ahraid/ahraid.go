package ahraid

import (
	"context"
	"errors"
	"fmt"

	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"
	raid "github.com/chariot-ai/chariot/env/ahraid"
)

// Plan is what the British player sets out to do.
type Plan struct {
	// Cover uses the flotilla's guns on every gun and searchlight it may
	// attack (step 4).
	Cover bool
	// GunsFirst sends the assault units at the guns, searchlights and
	// towers, and lets demolition units spend charges on guns.
	GunsFirst bool
	// DockOnly keeps the demolition parties to the dry dock's targets
	// (land zones 1 and 2).
	DockOnly bool
	// Rush lands anywhere the moment an unassigned landing is allowed.
	Rush bool
	// Withdraw is how many turns before the end the commandos make for the
	// exits (land zones 5 and 6); 0 means 3.
	Withdraw int
}

// withdrawing: the commandos' work is over, they make for the exits.
func (a *Agent) withdrawing(s *raid.State) bool {
	w := a.p.Withdraw
	if w == 0 {
		w = 3
	}
	return s.TurnNumber() >= a.g.Turns()-w
}

type namedPlan struct {
	name, description string
	plan              Plan
}

var plans = []namedPlan{
	{"rush", "land everyone as fast as possible: no covering fire, parties land at once (anywhere from 0152), demolition teams make for their targets, assault teams fight what they meet",
		Plan{Rush: true}},
	{"suppress", "suppress the guns first: covering fire on every gun in reach, assault teams go for guns, searchlights and towers, demolition teams may blow guns too",
		Plan{Cover: true, GunsFirst: true}},
	{"dock", "the dock only: covering fire, every demolition team makes for the dry dock's targets (caissons, pumping station, winding houses), assault teams escort them",
		Plan{Cover: true, DockOnly: true}},
	{"withdraw", "rush with covering fire, and the commandos make for the exits seven turns before the end instead of three",
		Plan{Rush: true, Cover: true, Withdraw: 7}},
}

func init() {
	for _, p := range plans {
		p := p
		agents.Register(agents.Registration{
			Name:        p.name,
			Description: p.description,
			Baseline:    true,
			Rollout:     p.name == "rush", // the best plan: the advisor's search rolls out with it
			Supports:    func(g env.Game) bool { _, ok := g.(*raid.Game); return ok },
			New: func(g env.Game, _ env.Params, _ uint64) (agents.Agent, error) {
				return New(g, p.plan)
			},
		})
	}
}

// Agent plays the British side of Raid on St. Nazaire by a plan.
type Agent struct {
	p   Plan
	g   *raid.Game
	d   *raid.Data
	buf []env.Action
	// The areas by what is in them, surveyed once per move decision
	// (survey): German units, objectives open in the plan, open
	// objectives with charges set, guns in action, and the areas an escort
	// makes for.
	germans                    [raid.MaxAreas]int
	open, charged, gun, escort [raid.MaxAreas]bool
}

// New builds a planner for a Raid on St. Nazaire game.
func New(g env.Game, p Plan) (*Agent, error) {
	rg, ok := g.(*raid.Game)
	if !ok {
		return nil, fmt.Errorf("the raid plans play ahraid, not %s", g.Name())
	}
	return &Agent{p: p, g: rg, d: rg.Data()}, nil
}

// Act chooses the action for the seat to move.
func (a *Agent) Act(_ context.Context, st env.State) (env.Action, error) {
	s, ok := st.(*raid.State)
	if !ok {
		return 0, errors.New("raid plan: not an ahraid state")
	}
	a.buf = s.LegalActions(a.buf)
	if len(a.buf) == 0 {
		return 0, errors.New("raid plan: no legal action")
	}
	dec, who := s.Pending()
	switch dec {
	case "cover":
		return a.cover(), nil
	case "boat":
		return a.boat(s, who), nil
	case "land":
		return a.land(s, who), nil
	case "move":
		return a.move(s, who), nil
	case "fire":
		return a.fire(s, who), nil
	case "long_range":
		return a.buf[len(a.buf)-1], nil
	case "demolish":
		return a.demolish(s, who), nil
	case "german_move", "german_target", "consolidate":
		return s.RuleAction()
	}
	return 0, fmt.Errorf("raid plan: asked to act at %q", dec)
}

// best returns the legal action of the lowest score (ties: the first),
// among those score accepts (ok false), or pass.
func (a *Agent) best(score func(word string, arg int) (int, bool)) env.Action {
	choice, low := raid.ActPass, 1<<30
	for _, act := range a.buf {
		w, arg := raid.DecodeAction(act)
		if v, ok := score(w, arg); ok && v < low {
			choice, low = act, v
		}
	}
	return choice
}

func (a *Agent) has(act env.Action) bool {
	for _, b := range a.buf {
		if b == act {
			return true
		}
	}
	return false
}

// cover attacks the strongest gun first, then searchlights.
func (a *Agent) cover() env.Action {
	if !a.p.Cover {
		return raid.ActPass
	}
	return a.best(func(w string, k int) (int, bool) {
		if w != "gun" {
			return 0, false
		}
		return -int(a.d.Guns[k].Strength) - 10*boolInt(a.d.Guns[k].Kind == 0), true
	})
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// boat steers boat b: the destroyer to ram, torpedo boats to their
// targets, carriers to their landing zone, then everyone home, picking up
// survivors on the way.
func (a *Agent) boat(s *raid.State, b int) env.Action {
	bd := a.d.Boats[b]
	for _, act := range a.buf {
		if w, _ := raid.DecodeAction(act); w == "torpedo" || w == "ram" || w == "pick up" {
			return act
		}
	}
	goal := a.d.OpenSea()
	switch {
	case b == 0:
		goal = int(a.d.Zones[a.d.RamZone()].Parent)
	case s.BoatAboard(b) > 0 && !s.BoatLanded(b) && bd.LandsAt >= 0:
		goal = a.d.LandingZone(int(bd.LandsAt))
	case s.BoatTorpedoes(b) > 0 && s.TurnNumber() < 8:
		for o, od := range a.d.Objectives {
			if od.TorpedoZone >= 0 && s.ObjectiveOpen(o) {
				goal = int(od.TorpedoZone)
				break
			}
		}
	case s.BoatAboard(b) == 0 && s.TurnNumber() < a.g.Turns()-4:
		for z := range a.d.Zones {
			if s.SurvivorsIn(z) > 0 {
				goal = z
				break
			}
		}
	}
	if goal < 0 {
		goal = a.d.OpenSea()
	}
	from := s.BoatZone(b)
	here := a.d.ZoneDist(from, goal)
	upriver := a.d.ZoneDepth(goal) > a.d.ZoneDepth(from)
	return a.best(func(w string, z int) (int, bool) {
		if w != "sail" {
			return 0, false
		}
		// Closer, or no farther but further up-river (the near Approach Zone
		// with one MF left).
		dd := a.d.ZoneDist(z, goal)
		return dd, dd < here || (dd == here && upriver && a.d.ZoneDepth(z) > a.d.ZoneDepth(from))
	})
}

// land puts parties ashore at their own area, or anywhere allowed when
// rushing or stuck, and takes parties off late in the game.
func (a *Agent) land(s *raid.State, b int) env.Action {
	bd := a.d.Boats[b]
	late := s.TurnNumber() >= a.g.Turns()-6
	if s.BoatLanded(b) && !late {
		return raid.ActPass
	}
	if !s.BoatLanded(b) && bd.LandsAt >= 0 && a.has(raid.LandAction(int(bd.LandsAt))) {
		return raid.LandAction(int(bd.LandsAt))
	}
	for _, act := range a.buf {
		w, _ := raid.DecodeAction(act)
		if w == "embark" && late {
			return act
		}
		if w == "land" && !late && !s.BoatLanded(b) && (a.p.Rush || s.BoatMF(b) == 0 || bd.LandsAt < 0) {
			return act
		}
	}
	return raid.ActPass
}

// allowed: objective o is in the plan.
func (a *Agent) allowed(o int) bool {
	if !a.p.DockOnly {
		return true
	}
	z := a.d.Areas[a.d.Objectives[o].Area].Zone
	return z == 1 || z == 2
}

// survey fills the areas' census for a move decision in s.
func (a *Agent) survey(s *raid.State) {
	a.germans = [raid.MaxAreas]int{}
	a.open, a.charged, a.gun, a.escort = [raid.MaxAreas]bool{}, [raid.MaxAreas]bool{}, [raid.MaxAreas]bool{}, [raid.MaxAreas]bool{}
	for g := range raid.MaxGerman {
		if ar, _ := s.GermanStrength(g); ar >= 0 {
			a.germans[ar]++
		}
	}
	for o, od := range a.d.Objectives {
		if ar := int(od.Area); ar >= 0 && s.ObjectiveOpen(o) {
			a.open[ar] = a.open[ar] || a.allowed(o)
			a.charged[ar] = a.charged[ar] || s.ChargesSet(o)
		}
	}
	for k, gd := range a.d.Guns {
		if ar := int(gd.Area); ar >= 0 && s.GunWorks(k) {
			a.gun[ar] = true
		}
	}
	for b := range a.d.Areas {
		a.escort[b] = a.charged[b] || (a.open[b] && a.germans[b] > 0)
	}
}

// goal is the area commando u makes for (after survey).
func (a *Agent) goal(s *raid.State, u int) int {
	cd := a.d.Commandos[u]
	at := s.UnitArea(u)
	if a.withdrawing(s) {
		return a.nearest(at, func(b int) bool { z := a.d.Areas[b].Zone; return z == 5 || z == 6 })
	}
	if !cd.Assault && s.UnitCharges(u) > 0 {
		if p := int(cd.Primary); p >= 0 && s.ObjectiveOpen(p) && a.allowed(p) {
			return int(a.d.Objectives[p].Area)
		}
		if g := a.nearest(at, func(b int) bool { return a.open[b] }); g >= 0 {
			return g
		}
	}
	if a.p.GunsFirst {
		if g := a.nearest(at, func(b int) bool { return a.gun[b] }); g >= 0 {
			return g
		}
	}
	// Escort: the nearest other commando making for a target, or a target with charges set.
	return a.nearest(at, func(b int) bool { return a.escort[b] })
}

func (a *Agent) workingGun(s *raid.State, b int) bool {
	for k, gd := range a.d.Guns {
		if int(gd.Area) == b && s.GunWorks(k) {
			return true
		}
	}
	return false
}

// nearest is the nearest area from at satisfying ok, or -1.
func (a *Agent) nearest(at int, ok func(b int) bool) int {
	best, bd := -1, 99
	for b := range a.d.Areas {
		if ok(b) && a.d.Dist(at, b) < bd {
			best, bd = b, a.d.Dist(at, b)
		}
	}
	return best
}

func (a *Agent) move(s *raid.State, u int) env.Action {
	if a.has(raid.ActExit) && a.withdrawing(s) {
		return raid.ActExit
	}
	a.survey(s)
	g := a.goal(s, u)
	at := s.UnitArea(u)
	if g < 0 || g == at {
		return raid.ActPass
	}
	here := a.d.Dist(at, g)
	return a.best(func(w string, b int) (int, bool) {
		if w != "to" {
			return 0, false
		}
		dd := a.d.Dist(b, g)
		return dd*10 + a.germans[b], dd < here
	})
}

func (a *Agent) fire(s *raid.State, u int) env.Action {
	at := s.UnitArea(u)
	assault := a.d.Commandos[u].Assault
	if assault && a.has(raid.ActGrenade) && (s.GermansIn(at) >= 2 || (a.p.GunsFirst && a.workingGun(s, at))) {
		return raid.ActGrenade
	}
	return a.best(func(w string, x int) (int, bool) {
		switch w {
		case "fire":
			area, str := s.GermanStrength(x)
			if !assault && area != at {
				return 0, false
			}
			v := 100 - str*10
			if area != at {
				v += 50
			}
			return v, true
		case "gun":
			if !assault || !s.GunWorks(x) {
				return 0, false
			}
			v := 200
			if a.p.GunsFirst {
				v = 0
			}
			return v - int(a.d.Guns[x].Strength), true
		}
		return 0, false
	})
}

func (a *Agent) demolish(s *raid.State, u int) env.Action {
	cd := a.d.Commandos[u]
	return a.best(func(w string, x int) (int, bool) {
		switch w {
		case "detonate":
			return 0, true
		case "prepare":
			if !a.allowed(x) {
				return 0, false
			}
			v := 100 - int(a.d.Objectives[x].VP)
			if int(cd.Primary) == x {
				v -= 50
			}
			return v, true
		case "gun":
			return 500, a.p.GunsFirst
		}
		return 0, false
	})
}
