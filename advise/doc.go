// Package advise is the play-along move advisor for a person playing a game
// at their own table with real dice: the toolkit keeps the game beside
// them, plays the rule-driven enemy, and suggests moves with the evidence
// behind each. It holds the logic both front ends share, the terminal
// console (Console, behind `chariot advise`) and the web page (package
// advise/web, behind `chariot serve`).
//
// A Session is one game in progress: the start position, the moves played
// since (decisions and die faces, by their action strings), and the
// position they lead to. Undo replays the moves but the last, so the whole
// history survives a save and a reload. After every step the session is
// written to its autosave file through a temporary file and a rename, so a
// crash never leaves half a file. When the person asks the tool to roll,
// the face comes from a stream seeded by the session's seed and the number
// of moves played, never from the search: undoing a tool roll and rolling
// again gives the same face.
//
// An Advisor's top suggestion is the move its agent plays: by default the
// game's recommended search (agents.Recommended), one agent a seat seeded
// as `chariot play` seeds it, so that advice followed at every decision
// plays the game `chariot play` plays (the advice agent, advice:agent=SPEC,
// plays so). Where the agent searched, the other moves follow in the
// search's own order, each with its share of the simulations, its mean
// final score and a 95% interval of that mean, with a flag where the top
// two are not separated and a line on why the search stopped; where its
// plan chose, the advice says so in words.
//
// Narration is the one account of a step for the console and the page:
// the game's own (env.Narrator), and after a die that left the table as it
// was, what the game waits for next.
//
// Forecast says what the rules will make the enemy do next in St. Nazaire:
// it plays many short futures from the position (hidden German counters
// redrawn, dice at random, the person's later choices by the greedy agent)
// up to the person's next movement phase, and counts the German shots,
// moves and reinforcements and the British losses they lead to.
package advise
