package main

// The games the command knows, imported for their registration (package
// allgames, where a game is added to make it available to every
// subcommand), and the agents beyond the generic ones.
import (
	"encoding/json"
	"flag"
	"fmt"
	"io"

	"github.com/chariot-ai/chariot/advise"
	"github.com/chariot-ai/chariot/env"
	"github.com/chariot-ai/chariot/env/agents"

	_ "github.com/chariot-ai/chariot/env/allgames" // every game

	// Agents beyond the generic ones in package agents.
	_ "github.com/chariot-ai/chariot/agents/ahraid"
	_ "github.com/chariot-ai/chariot/agents/anvil"
	_ "github.com/chariot-ai/chariot/agents/jubilee"
	_ "github.com/chariot-ai/chariot/agents/pig"
	_ "github.com/chariot-ai/chariot/agents/skirmish"
	_ "github.com/chariot-ai/chariot/agents/stnazaire"
	_ "github.com/chariot-ai/chariot/search"
)

// defaultGame is the game a subcommand plays when --game is not given: the
// flagship.
const defaultGame = "stnazaire"

// runGames prints the registered games with their options; with --json,
// every game's capabilities (gameInfo).
func runGames(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("games", flag.ContinueOnError)
	asJSON := fs.Bool("json", false, "print each game's options, seats, plug-ins, decision kinds and recommended agents as JSON")
	if st := parseFlags(fs, args, stdout, stderr); st >= 0 {
		return st
	}
	if *asJSON {
		infos, err := gameInfos()
		if err != nil {
			return fail(stderr, err)
		}
		b, err := json.MarshalIndent(infos, "", "  ")
		if err != nil {
			return fail(stderr, err)
		}
		if _, err := fmt.Fprintf(stdout, "%s\n", b); err != nil {
			return fail(stderr, fmt.Errorf("writing output: %w", err))
		}
		return exitOK
	}
	var entries []entry
	for _, r := range env.Games() {
		entries = append(entries, entry{r.Name, r.Description, r.Options})
	}
	return printEntries(stdout, stderr, entries)
}

// gameInfo states a game's capabilities in one place, as OpenSpiel's
// GameType does: under its default options, the seats, its declared facts
// (utility, range of returns, longest game, most chance outcomes: null
// where it declares none), every optional interface of the contract with
// whether it offers it (env.Plugins), its kinds of decision, and the
// agents recommended for it.
type gameInfo struct {
	Name          string          `json:"name"`
	Title         string          `json:"title"`
	Options       []optionInfo    `json:"options"`
	Seats         []string        `json:"seats"`
	Facts         *env.Facts      `json:"facts"`
	Plugins       []env.Plugin    `json:"plugins"`
	DecisionKinds []string        `json:"decision_kinds"`
	Agents        recommendedInfo `json:"agents"`
}

type optionInfo struct {
	Name    string `json:"name"`
	Default string `json:"default"`
	Help    string `json:"help"`
}

// recommendedInfo: the strongest baseline and search measured, a spec a
// seat ("" where none was measured, agents.Recommend), and the advisor's
// default search (advise.DefaultAgent).
type recommendedInfo struct {
	Baseline []string `json:"baseline"`
	Search   []string `json:"search"`
	Advisor  string   `json:"advisor"`
	Source   string   `json:"source"`
}

func gameInfos() ([]gameInfo, error) {
	var out []gameInfo
	for _, r := range env.Games() {
		g, err := r.New(env.Params{})
		if err != nil {
			return nil, fmt.Errorf("game %s with its default options: %w", r.Name, err)
		}
		info := gameInfo{Name: r.Name, Title: r.Description, Options: []optionInfo{}, Plugins: env.Plugins(g), DecisionKinds: []string{}}
		for _, o := range r.Options {
			info.Options = append(info.Options, optionInfo{o.Name, o.Default, o.Help})
		}
		if f, ok := env.GameFacts(g); ok {
			info.Facts = &f
		}
		np := g.NumPlayers()
		for p := range env.Player(np) {
			info.Seats = append(info.Seats, env.SeatName(g, p))
		}
		if dk, ok := g.(env.DecisionKinds); ok {
			info.DecisionKinds = append(info.DecisionKinds, dk.DecisionKinds()...)
		}
		rec, _ := agents.Recommended(r.Name)
		info.Agents = recommendedInfo{Advisor: advise.DefaultAgent(g), Source: rec.Source}
		for p := range np {
			info.Agents.Baseline = append(info.Agents.Baseline, agents.For(rec.Baseline, p, np))
			info.Agents.Search = append(info.Agents.Search, agents.For(rec.Search, p, np))
		}
		out = append(out, info)
	}
	return out, nil
}
