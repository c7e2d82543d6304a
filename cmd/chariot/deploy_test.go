package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/serializer"

	"github.com/chariot-ai/chariot/eval"
)

// The cluster recipes in deploy/ run chariot command lines that no build
// runs. These tests read each one, parse it with chariot's own flags, and
// check that the shard variables are wired: a renamed flag or a shard count
// out of step with the job breaks the build, not the cluster run.

// parsed is what a command line asks for, as its --dry-run says it.
type parsed struct {
	cmd   string
	flags map[string]string
	shard eval.Shard
	files []string
}

var (
	dryRunLine  = regexp.MustCompile(`^(\w+): (no shard|shard (\d+)/(\d+)); (?:no flags|flags(.*?))(?:; files(.*))?\n$`)
	dryRunFlag  = regexp.MustCompile(`--([\w-]+)=("(?:[^"\\]|\\.)*")`)
	dryRunQuote = regexp.MustCompile(`"(?:[^"\\]|\\.)*"`)
)

// parseCommand runs a command line with --dry-run: chariot's own flag
// parsing and shard resolution, without the command.
func parseCommand(t *testing.T, args []string) parsed {
	t.Helper()
	if len(args) == 0 {
		t.Fatal("an empty command line")
	}
	dry := append([]string{args[0], "--dry-run"}, args[1:]...)
	status, stdout, stderr := runArgs(dry...)
	m := dryRunLine.FindStringSubmatch(stdout)
	if status != 0 || m == nil {
		t.Fatalf("%q does not parse: status %d, %q, %s", args, status, stdout, stderr)
	}
	p := parsed{cmd: m[1], flags: map[string]string{}}
	if m[3] != "" {
		p.shard.I, _ = strconv.Atoi(m[3])
		p.shard.N, _ = strconv.Atoi(m[4])
	}
	for _, f := range dryRunFlag.FindAllStringSubmatch(m[5], -1) {
		p.flags[f[1]], _ = strconv.Unquote(f[2])
	}
	for _, q := range dryRunQuote.FindAllString(m[6], -1) {
		f, _ := strconv.Unquote(q)
		p.files = append(p.files, f)
	}
	return p
}

// flagValue is the value a command line gave flag name, "" where it gave
// none: a recipe says what it relies on rather than take a default.
func flagValue(p parsed, name string) string { return p.flags[name] }

func readDeploy(t *testing.T, rel string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "deploy", rel))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// manifests decodes every file of deploy/kubernetes into its k8s.io/api
// type with apimachinery's strict decoder, as the API server reads a
// manifest: an unknown or misspelt field (field names are case-sensitive),
// a duplicate key or a kind outside batch/v1 and core/v1 is an error.
func manifests(t *testing.T) map[string]runtime.Object {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "..", "deploy", "kubernetes", "*"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no manifests in deploy/kubernetes: %v", err)
	}
	objs := map[string]runtime.Object{}
	for _, f := range files {
		name := filepath.Base(f)
		obj, err := decodeManifest(readDeploy(t, "kubernetes/"+name))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		objs[name] = obj
	}
	return objs
}

func decodeManifest(text string) (runtime.Object, error) {
	if strings.Contains(text, "\n---") {
		return nil, fmt.Errorf("more than one object: keep one a file")
	}
	scheme := runtime.NewScheme()
	if err := batchv1.AddToScheme(scheme); err != nil {
		return nil, err
	}
	if err := corev1.AddToScheme(scheme); err != nil {
		return nil, err
	}
	obj, _, err := serializer.NewCodecFactory(scheme, serializer.EnableStrict).UniversalDeserializer().Decode([]byte(text), nil, nil)
	return obj, err
}

// TestManifestDecodingIsStrict: the decoder of the manifest test refuses
// a misspelt field, a field in the wrong case and a duplicate key, so the
// manifests' test can fail.
func TestManifestDecodingIsStrict(t *testing.T) {
	job := readDeploy(t, "kubernetes/bench-job.yaml")
	if _, err := decodeManifest(job); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []struct{ old, new, err string }{
		{"completionMode: Indexed", "completionMode: Indexed\n  parallelizm: 8", `unknown field "spec.parallelizm"`},
		{"imagePullPolicy:", "imagePullpolicy:", `unknown field "spec.template.spec.containers[0].imagePullpolicy"`},
		{"completions: 8", "completions: 8\n  completions: 4", `key "completions" already set`},
		{"apiVersion: batch/v1", "apiVersion: batch/v9", `no kind "Job" is registered for version "batch/v9"`},
	} {
		text := strings.Replace(job, bad.old, bad.new, 1)
		if text == job {
			t.Fatalf("bench-job.yaml has no %q", bad.old)
		}
		if _, err := decodeManifest(text); err == nil || !strings.Contains(err.Error(), bad.err) {
			t.Errorf("%q for %q: error %v, want %s", bad.new, bad.old, err, bad.err)
		}
	}
}

// dockerUser reads the numeric USER uid:gid of the Dockerfile.
func dockerUser(t *testing.T) (uid, gid int64) {
	t.Helper()
	m := regexp.MustCompile(`(?m)^USER (\d+):(\d+)$`).FindStringSubmatch(readDeploy(t, "Dockerfile"))
	if m == nil {
		t.Fatal("the Dockerfile has no USER uid:gid")
	}
	uid, _ = strconv.ParseInt(m[1], 10, 64)
	gid, _ = strconv.ParseInt(m[2], 10, 64)
	return uid, gid
}

// TestKubernetesRecipes checks the manifests as the API types read them:
// the indexed jobs' size agrees with --shards, every pod runs the same
// pinned image, pulled only if missing, as the image's user, and writes to
// the results volume.
func TestKubernetesRecipes(t *testing.T) {
	objs := manifests(t)
	pvc, ok := objs["results-pvc.yaml"].(*corev1.PersistentVolumeClaim)
	if !ok {
		t.Fatalf("results-pvc.yaml is a %T, want a PersistentVolumeClaim", objs["results-pvc.yaml"])
	}
	if !slices.Contains(pvc.Spec.AccessModes, corev1.ReadWriteMany) {
		t.Errorf("results volume: access modes %v: the shards' pods on several nodes need ReadWriteMany", pvc.Spec.AccessModes)
	}
	if _, ok := pvc.Spec.Resources.Requests[corev1.ResourceStorage]; !ok {
		t.Error("results volume: no storage request")
	}
	uid, gid := dockerUser(t)
	image := ""
	for _, kind := range []string{"bench", "selfplay"} {
		for _, name := range []string{kind + "-job.yaml", kind + "-merge-job.yaml"} {
			job, ok := objs[name].(*batchv1.Job)
			if !ok {
				t.Fatalf("%s is a %T, want a batch/v1 Job", name, objs[name])
			}
			pod := job.Spec.Template.Spec
			if len(pod.Containers) != 1 {
				t.Fatalf("%s: %d containers, want 1", name, len(pod.Containers))
			}
			c := pod.Containers[0]
			if image == "" {
				image = c.Image
			}
			tag := c.Image[strings.LastIndex(c.Image, "/")+1:]
			if c.Image != image || !strings.Contains(tag, ":") || strings.HasSuffix(tag, ":latest") {
				t.Errorf("%s: image %s: want one image, pinned to a tag other than latest, for every job (%s)", name, c.Image, image)
			}
			if c.ImagePullPolicy != corev1.PullIfNotPresent {
				t.Errorf("%s: imagePullPolicy %q, want IfNotPresent", name, c.ImagePullPolicy)
			}
			if pod.RestartPolicy != corev1.RestartPolicyNever {
				t.Errorf("%s: restartPolicy %q: a Job's pod is restarted by the Job (backoff), not in place", name, pod.RestartPolicy)
			}
			sc := pod.SecurityContext
			if sc == nil || sc.RunAsNonRoot == nil || !*sc.RunAsNonRoot || sc.RunAsUser == nil || *sc.RunAsUser != uid ||
				sc.RunAsGroup == nil || *sc.RunAsGroup != gid || sc.FSGroup == nil || *sc.FSGroup != gid {
				t.Errorf("%s: pod security context %+v: want non-root, user %d:%d as the Dockerfile's, fsGroup %d", name, sc, uid, gid, gid)
			}
			if len(c.VolumeMounts) != 1 || c.VolumeMounts[0].MountPath != "/results" || len(pod.Volumes) != 1 ||
				pod.Volumes[0].Name != c.VolumeMounts[0].Name || pod.Volumes[0].PersistentVolumeClaim == nil ||
				pod.Volumes[0].PersistentVolumeClaim.ClaimName != pvc.Name {
				t.Errorf("%s: want the volume claim %s mounted on /results", name, pvc.Name)
			}
		}

		job := objs[kind+"-job.yaml"].(*batchv1.Job)
		spec := job.Spec
		if spec.CompletionMode == nil || *spec.CompletionMode != batchv1.IndexedCompletion || spec.Completions == nil || spec.Parallelism == nil {
			t.Fatalf("%s job: want completionMode Indexed, completions and parallelism", kind)
		}
		completions := int(*spec.Completions)
		if p := int(*spec.Parallelism); p < 1 || p > completions {
			t.Errorf("%s job: parallelism %d, want 1 to completions (%d)", kind, p, completions)
		}
		c := job.Spec.Template.Spec.Containers[0]
		// The pod's file is named by $(SHARD_INDEX), which Kubernetes
		// expands from the container's env.
		var index *corev1.EnvVar
		for i := range c.Env {
			if c.Env[i].Name == "SHARD_INDEX" {
				index = &c.Env[i]
			}
		}
		if index == nil || index.ValueFrom == nil || index.ValueFrom.FieldRef == nil ||
			index.ValueFrom.FieldRef.FieldPath != "metadata.annotations['batch.kubernetes.io/job-completion-index']" {
			t.Fatalf("%s job: SHARD_INDEX is not the pod's completion index", kind)
		}
		// Pod 3 of the job, as Kubernetes starts it.
		t.Setenv("JOB_COMPLETION_INDEX", "3")
		t.Setenv("SLURM_ARRAY_TASK_ID", "")
		var args []string
		for _, a := range c.Args {
			args = append(args, strings.ReplaceAll(a, "$(SHARD_INDEX)", "3"))
		}
		p := parseCommand(t, args)
		if p.cmd != kind || p.shard != (eval.Shard{I: 3, N: completions}) {
			t.Errorf("%s job: command %s shard %v, want shard 3/%d: --shards must equal completions", kind, p.cmd, p.shard, completions)
		}
		out := flagValue(p, "out")
		if out != "/results/"+kind+"-3.jsonl" || flagValue(p, "resume") != "true" {
			t.Errorf("%s job: --out %s --resume %s, want /results/%s-3.jsonl resumed", kind, out, flagValue(p, "resume"), kind)
		}
		if w, _ := strconv.Atoi(flagValue(p, "workers")); c.Resources.Requests.Cpu().Value() != int64(w) {
			t.Errorf("%s job: --workers %d on %v CPUs requested", kind, w, c.Resources.Requests.Cpu())
		}

		merge := objs[kind+"-merge-job.yaml"].(*batchv1.Job)
		if merge.Spec.CompletionMode != nil && *merge.Spec.CompletionMode == batchv1.IndexedCompletion {
			t.Errorf("%s merge job is indexed", kind)
		}
		checkMerge(t, kind+" merge job", parseCommand(t, merge.Spec.Template.Spec.Containers[0].Args), "/results", kind)
	}
	// The cluster guide says how to build, load or push the image the jobs name.
	readme, err := os.ReadFile(filepath.Join("..", "..", "docs", "cluster.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"-t " + image, "kubectl set image --local"} {
		if !bytes.Contains(readme, []byte(want)) {
			t.Errorf("docs/cluster.md does not say %q", want)
		}
	}
	if !strings.Contains(readDeploy(t, "Dockerfile"), "-t "+image+" ") {
		t.Errorf("the Dockerfile's build line does not tag %s", image)
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
