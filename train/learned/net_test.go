package learned

import (
	"context"
	"strings"
	"testing"

	_ "github.com/chariot-ai/chariot/agents/stnazaire" // greedy, the plan
	"github.com/chariot-ai/chariot/env/agents"
	_ "github.com/chariot-ai/chariot/env/ahraid"
	"github.com/chariot-ai/chariot/env/envtest"
)

// TestNetworkServesSearch: network models play as the agent learned, give
// search its prior (policy=learned:FILE) and its leaf value
// (eval=learned:FILE), deterministically, in either seat; a value network
// is refused as a policy.
func TestNetworkServesSearch(t *testing.T) {
	g := envtest.NewGame(t, "pig")
	for _, spec := range []string{
		"learned:model=" + netPolicyFile,
		"mcts:sims=30,policy=learned:" + netPolicyFile + ",prior=2",
		"ismcts:sims=30,policy=learned:" + netPolicyFile + ",prior=2,depth=4,eval=learned:" + netValueFile,
	} {
		playsTwiceAlike(t, g, spec, 4)
	}
	if _, err := agents.New("mcts:sims=5,prior=1,policy=learned:"+netValueFile, g, 1); err == nil {
		t.Error("a value network as the policy: no error")
	}
}

// TestShippedModels: the shipped St. Nazaire models load by name, as the
// agent (alone, or at the searched kinds of decision with the plan playing
// the rest), the prior and the evaluator; an unknown name lists the
// shipped ones; a file of that name would win.
func TestShippedModels(t *testing.T) {
	g := envtest.NewGame(t, "stnazaire")
	for _, spec := range []string{
		"learned:model=stnazaire",
		"learned:model=stnazaire,at=move+fire+occupy+displace",
		"ismcts:sims=4,at=move+fire,rollout=greedy,policy=learned:stnazaire,prior=1,depth=3,eval=learned:stnazaire",
		"learned:model=stnazaire2",
		"ismcts:sims=4,at=move+fire,rollout=greedy,policy=learned:stnazaire2,prior=2",
		"learned:model=stnazaire3",
		"ismcts:sims=4,at=move+fire,rollout=greedy,policy=learned:stnazaire3,prior=2",
		"learned:model=stnazaire4",
	} {
		a, err := agents.New(spec, g, 1)
		if err != nil {
			t.Fatalf("%s: %v", spec, err)
		}
		if _, err := agents.RunEpisode(context.Background(), g, 7, []agents.Agent{a}, nil); err != nil {
			t.Fatalf("%s: %v", spec, err)
		}
	}
	for _, c := range []struct{ spec, want string }{
		{"learned:model=nosuch", "model nosuch: no such file, nor a shipped policy model (shipped: ahraid, stnazaire, stnazaire2, stnazaire3, stnazaire4, stnazaire5, stnazaire6)"},
		{"learned:model=stnazaire,at=land", `option at: "land" is not a kind of decision of stnazaire`},
		{"learned:model=stnazaire,plan=greedy", "learned: option plan needs option at"},
	} {
		if _, err := agents.New(c.spec, g, 1); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.spec, err, c.want)
		}
	}
	ahraid := envtest.NewGame(t, "ahraid")
	for _, spec := range []string{"learned:model=ahraid", "mcts:sims=2,depth=2,eval=learned:ahraid"} {
		if _, err := agents.New(spec, ahraid, 1); err != nil {
			t.Errorf("%s on the Avalon Hill raid: %v", spec, err)
		}
	}
	if _, err := agents.New("learned:model=stnazaire", envtest.NewGame(t, "pig"), 1); err == nil ||
		!strings.Contains(err.Error(), "shipped model stnazaire-policy was trained for game stnazaire") {
		t.Errorf("the St. Nazaire model on Pig: %v", err)
	}
}
