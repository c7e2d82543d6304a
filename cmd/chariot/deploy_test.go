package main

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/chariot-ai/chariot/eval"
)

// The cluster recipes in deploy/ run chariot command lines that no build
// runs. These tests read each one, parse it with chariot's own flags, and
// check that the shard variables are wired: a renamed flag or a shard count
// out of step with the job breaks the build, not the cluster run.

// parsed is what a command line gave the flagsParsed hook.
type parsed struct {
	cmd   string
	fs    *flag.FlagSet
	shard eval.Shard
	files []string
}

// parseCommand runs chariot's flag parsing on args, not the command.
func parseCommand(t *testing.T, args []string) parsed {
	t.Helper()
	var p parsed
	flagsParsed = func(cmd string, fs *flag.FlagSet, shard eval.Shard, files []string) bool {
		p = parsed{cmd, fs, shard, files}
		return true
	}
	defer func() { flagsParsed = nil }()
	if status, _, stderr := runArgs(args...); status != 0 || p.fs == nil {
		t.Fatalf("%q does not parse: status %d, %s", args, status, stderr)
	}
	return p
}

func flagValue(p parsed, name string) string {
	f := p.fs.Lookup(name)
	if f == nil {
		return ""
	}
	return f.Value.String()
}

func readDeploy(t *testing.T, rel string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "deploy", rel))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// manifestArgs reads the container args of a manifest, written as a JSON
// array on one line.
func manifestArgs(t *testing.T, text string) []string {
	t.Helper()
	m := regexp.MustCompile(`(?m)^\s*args: (\[.*\])$`).FindStringSubmatch(text)
	if m == nil {
		t.Fatal("no args: [...] line")
	}
	var args []string
	if err := json.Unmarshal([]byte(m[1]), &args); err != nil {
		t.Fatalf("args %s: %v", m[1], err)
	}
	return args
}

func TestKubernetesRecipes(t *testing.T) {
	for _, kind := range []string{"bench", "selfplay"} {
		job := readDeploy(t, "kubernetes/"+kind+"-job.yaml")
		for _, want := range []string{"completionMode: Indexed", "runAsNonRoot: true", "claimName: chariot-results",
			"metadata.annotations['batch.kubernetes.io/job-completion-index']"} {
			if !strings.Contains(job, want) {
				t.Errorf("%s job lacks %q", kind, want)
			}
		}
		completions, _ := strconv.Atoi(regexp.MustCompile(`(?m)^\s*completions: (\d+)$`).FindStringSubmatch(job)[1])
		// Pod 3 of the job, as Kubernetes starts it.
		t.Setenv("JOB_COMPLETION_INDEX", "3")
		t.Setenv("SLURM_ARRAY_TASK_ID", "")
		args := manifestArgs(t, job)
		for i, a := range args {
			args[i] = strings.ReplaceAll(a, "$(SHARD_INDEX)", "3")
		}
		p := parseCommand(t, args)
		if p.cmd != kind || p.shard != (eval.Shard{I: 3, N: completions}) {
			t.Errorf("%s job: command %s shard %v, want shard 3/%d", kind, p.cmd, p.shard, completions)
		}
		out := flagValue(p, "out")
		if out != "/results/"+kind+"-3.jsonl" || flagValue(p, "resume") != "true" {
			t.Errorf("%s job: --out %s --resume %s, want /results/%s-3.jsonl resumed", kind, out, flagValue(p, "resume"), kind)
		}

		merge := parseCommand(t, manifestArgs(t, readDeploy(t, "kubernetes/"+kind+"-merge-job.yaml")))
		checkMerge(t, kind+" merge job", merge, "/results", kind)
	}
}

// checkMerge checks that a merge command line joins the shard files of kind
// in dir into dir/kind.jsonl.
func checkMerge(t *testing.T, what string, p parsed, dir, kind string) {
	t.Helper()
	if p.cmd != "merge" || len(p.files) != 2 || p.files[0] != dir+"/"+kind+".jsonl" {
		t.Fatalf("%s: %s %q", what, p.cmd, p.files)
	}
	pattern := p.files[1]
	for _, i := range []int{0, 3, 15} {
		if ok, _ := filepath.Match(pattern, dir+"/"+kind+"-"+strconv.Itoa(i)+".jsonl"); !ok {
			t.Errorf("%s: %s does not match shard %d's file", what, pattern, i)
		}
	}
	if ok, _ := filepath.Match(pattern, p.files[0]); ok {
		t.Errorf("%s: %s matches the merged file itself", what, pattern)
	}
}

// shellWords splits a command line as the shell would for the simple
// words the scripts use: double quotes, $VAR and ${VAR:-default}, whose
// default may be a $VAR.
func shellWords(line string, vars map[string]string) []string {
	expand := regexp.MustCompile(`\$\{(\w+)(:-[^}]*)?\}|\$(\w+)`)
	var word func(w string) string
	word = func(w string) string {
		return expand.ReplaceAllStringFunc(w, func(m string) string {
			s := expand.FindStringSubmatch(m)
			if v, ok := vars[s[1]+s[3]]; ok {
				return v
			}
			return word(strings.TrimPrefix(s[2], ":-"))
		})
	}
	var words []string
	for _, w := range regexp.MustCompile(`"[^"]*"|\S+`).FindAllString(line, -1) {
		words = append(words, word(strings.Trim(w, `"`)))
	}
	return words
}

// scriptCommand finds the chariot command line of a script, joining
// continued lines, and returns its words after the binary.
func scriptCommand(t *testing.T, script string, vars map[string]string) []string {
	t.Helper()
	joined := strings.ReplaceAll(script, "\\\n", " ")
	m := regexp.MustCompile(`(?m)^(?:srun )?"\$CHARIOT" (.*)$`).FindStringSubmatch(joined)
	if m == nil {
		t.Fatal(`no "$CHARIOT" command line`)
	}
	return shellWords(m[1], vars)
}

// TestSlurmRecipes parses the array scripts' command lines as task 3 of
// the array starts them, and as task 3 re-submitted alone (its array then
// has one task, so the script is told SHARDS) starts them: both play shard
// 3 of the array's size into the same file.
func TestSlurmRecipes(t *testing.T) {
	for _, kind := range []string{"bench", "selfplay"} {
		script := readDeploy(t, "slurm/"+kind+".sbatch")
		m := regexp.MustCompile(`(?m)^#SBATCH --array=0-(\d+)$`).FindStringSubmatch(script)
		if m == nil {
			t.Fatalf("%s script: no #SBATCH --array=0-B (task I plays shard I)", kind)
		}
		hi, _ := strconv.Atoi(m[1])
		count := strconv.Itoa(hi + 1)
		resubmit := regexp.MustCompile(`(?m)^#\s+SHARDS=(\d+) deploy/slurm/submit.sh ` + kind + ` --array=3 `).FindStringSubmatch(script)
		if resubmit == nil || resubmit[1] != count {
			t.Errorf("%s script: its comment does not say how to re-submit task 3 of %s", kind, count)
		}
		for _, vars := range []map[string]string{
			{"SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_COUNT": count, "SLURM_ARRAY_TASK_MIN": "0"},
			{"SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_COUNT": "1", "SLURM_ARRAY_TASK_MIN": "3", "SHARDS": count},
		} {
			vars["SLURM_CPUS_PER_TASK"], vars["RESULTS"] = "2", "/r"
			t.Setenv("JOB_COMPLETION_INDEX", "")
			for k, v := range vars {
				t.Setenv(k, v)
			}
			p := parseCommand(t, scriptCommand(t, script, vars))
			if p.cmd != kind || p.shard != (eval.Shard{I: 3, N: hi + 1}) {
				t.Errorf("%s script, %v: command %s shard %v, want 3/%s", kind, vars, p.cmd, p.shard, count)
			}
			if out := flagValue(p, "out"); out != "/r/"+kind+"-3.jsonl" || flagValue(p, "resume") != "true" || flagValue(p, "workers") != "2" {
				t.Errorf("%s script: --out %s --resume %s --workers %s", kind, out, flagValue(p, "resume"), flagValue(p, "workers"))
			}
		}
		merge := parseCommand(t, scriptCommand(t, readDeploy(t, "slurm/merge.sbatch"), map[string]string{"RESULTS": "/r", "KIND": kind}))
		checkMerge(t, kind+" merge script", merge, "/r", kind)
	}
	submit := readDeploy(t, "slurm/submit.sh")
	if !strings.Contains(submit, "--dependency=afterok:") || !strings.Contains(submit, "--kill-on-invalid-dep=yes") {
		t.Error("submit.sh does not make the merge wait for the array, and go when a task fails")
	}
}

func TestContainerBuild(t *testing.T) {
	df := readDeploy(t, "Dockerfile")
	for _, want := range []*regexp.Regexp{
		regexp.MustCompile(`(?m)^RUN CGO_ENABLED=0 go build .* \./cmd/chariot$`),
		regexp.MustCompile(`(?m)^FROM scratch$`),
		regexp.MustCompile(`(?m)^USER [1-9]\d*:[1-9]\d*$`),
		regexp.MustCompile(`(?m)^ENTRYPOINT \["/chariot"\]$`),
	} {
		if !want.MatchString(df) {
			t.Errorf("Dockerfile lacks %v", want)
		}
	}
}
