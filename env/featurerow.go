package env

// The layout the games' own features share: a state–action row is a few
// of the state's features (the context), the number of legal actions,
// then the action's own features.

// Feature documents one feature (a FeatureDoc literal in a line).
func Feature(name string, lo, hi float64, meaning string) FeatureDoc {
	return FeatureDoc{Name: name, Lo: lo, Hi: hi, Meaning: meaning}
}

// ActionRowDocs are the docs of a state–action row: state[i] for each i of
// context, "n_legal" (1 to maxLegal), then own.
func ActionRowDocs(state []FeatureDoc, context []int, maxLegal int, own []FeatureDoc) []FeatureDoc {
	docs := make([]FeatureDoc, 0, len(context)+1+len(own))
	for _, i := range context {
		docs = append(docs, state[i])
	}
	docs = append(docs, Feature("n_legal", 1, float64(maxLegal), "number of legal actions at the decision"))
	return append(docs, own...)
}

// AppendActionRow begins a state–action row in buf[:0]: state[i] for each
// i of context, nLegal, then nOwn values of na. own is the row's last nOwn
// values, for the caller to fill.
func AppendActionRow(buf, state []float64, context []int, nLegal, nOwn int, na float64) (row, own []float64) {
	row = buf[:0]
	for _, i := range context {
		row = append(row, state[i])
	}
	row = append(row, float64(nLegal))
	n := len(row)
	for range nOwn {
		row = append(row, na)
	}
	return row, row[n:]
}

// Flag is 1 for true and 0 for false, as a feature.
func Flag(b bool) float64 {
	if b {
		return 1
	}
	return 0
}
