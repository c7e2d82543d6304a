// Command chariot is the command line of the project: it lists the games
// and agents, plays and benchmarks them, trains and tunes agents, and
// advises a person playing the physical game.
//
// Usage:
//
//	chariot games                 list the games and their options
//	chariot agents                list the agents and their options
//	chariot play --game SPEC [--agent SPEC] [--seed N] [--log=false]
//	chariot bench [--game SPEC] [--agents SPEC,SPEC | --seats SPEC,SPEC] [--opponents SPEC,SPEC]
//	              [--games N] [--seed N] [--workers N] [--ref AGENT] [--wide]
//	              [--out FILE.jsonl|.csv [--resume]] [--shard I/N | --shards N] [--quiet]
//	chariot selfplay --agent SPEC --games N --seed N --out DATA.jsonl [--resume] [--shard I/N | --shards N]
//	chariot merge OUT.jsonl SHARD.jsonl...   (join the shards of a bench or self-play run)
//	chariot train value|policy --datasets DATA.jsonl[,DATA2.jsonl] --out MODEL.json
//	chariot train average --models A.json,B.json[,C.json] --out MODEL.json   (the mean of networks refined from one another)
//	chariot train iterate --dir DIR --rounds N [--window K] ...   (--report: DIR's rounds as a table)
//	chariot tune --agent SPEC --params k=lo:hi,k=a|b --budget N --out BEST.spec
//	chariot advise [--seed N | --load FILE] [--think 2s] [--top K] [--agent SPEC]
//	chariot serve [--addr 127.0.0.1:8080] (the same, as a local web page)
//
// Every command's flags: "chariot <command> -h".
//
// Games and agents are named by spec strings, "name" or "name:k=v,k=v", as
// in env.NewGame and agents.New; for example
//
//	chariot play --game pig:target=50 --agent random --seed 7
//
// A usage error (unknown command or flag, missing flag) prints one line,
// such as "chariot play: unknown flag -x", and exits with status 2; any other
// error prints "chariot: <message>" and exits with status 1.
//
// The binary is built with profile-guided optimisation: default.pgo, which
// go build, go run and go test read by themselves, is a CPU profile of St.
// Nazaire's focused search, where users spend their CPU. It changes no
// result, only what the compiler inlines: 8% less CPU for that search,
// none measurable elsewhere. Remake it when the engine changes much:
//
//	go test ./agents/stnazaire -run '^$' -bench 'BestSearch/.*at=' -benchtime 600x -cpuprofile cmd/chariot/default.pgo
package main
