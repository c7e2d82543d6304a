package ahraid

import (
	"fmt"

	"github.com/chariot-ai/chariot/env"
	raid "github.com/chariot-ai/chariot/env/ahraid"
	"github.com/chariot-ai/chariot/search"
)

// The "ahraid" leaf evaluator scores a cut-off search by the game's
// LeafValue: the VP so far plus the expected worth of Campbeltown's
// explosion once she has rammed.
func init() {
	search.RegisterEvaluator("ahraid", func(g env.Game, arg string) (search.Evaluator, error) {
		if _, ok := g.(*raid.Game); !ok {
			return nil, fmt.Errorf("evaluator ahraid does not fit %s", g.Name())
		}
		if arg != "" {
			return nil, fmt.Errorf("evaluator ahraid takes no argument (given %q)", arg)
		}
		return search.EvaluatorFunc(func(s env.State) []float64 { return s.(*raid.State).LeafValue() }), nil
	})
}
