(** * The judge's checkers for subtraction games (issue 24)

    The rules of nimcheck's [Periodic] (checker/src/periodic.rs) and
    [Sequence] (checker/src/sequence.rs) claims, computed on binary
    numbers with G_S in a trie ([Fast]), and proved sound for the
    semantics of [Subtraction]: [check_periodic_sound] and
    [check_sequenceN_sound].  These are the functions that
    [formal/judge] extracts to OCaml.  A [PeriodicTable] is one
    [Periodic] claim per line: the judge checks each line.

    Cost: G_S on [0, q + p + c) in O((q + p + c) |S| log(q + p + c)),
    the window in O(c log), each witness prime in O(sqrt r) divisions.
    No bound on the numbers. *)

From Coq Require Import List Arith Bool NArith Lia MSetPositive.
From Nimcert Require Import Mex Subtraction Period SequenceCheck Fast Stream Primes.
Import ListNotations.

Local Open Scope N_scope.

(** ** Moves *)

(** Rule (moves): S non-empty, strictly increasing, positive. *)
Definition movesN_ok (S : list N) : bool :=
  match S with [] => false | s :: _ => (0 <? s) && increasingN S end.

Lemma increasingN_head a l : increasingN (a :: l) = true -> forall b, In b l -> a < b.
Proof.
  revert a. induction l as [|b l IH]; intros a H x Hx; [destruct Hx|].
  simpl in H. apply andb_true_iff in H as [Hab H]. apply N.ltb_lt in Hab.
  destruct Hx as [->|Hx]; [exact Hab|]. specialize (IH b H x Hx). lia.
Qed.

Lemma movesN_ok_positive S : movesN_ok S = true -> positive_moves S.
Proof.
  destruct S as [|s S]; simpl; [discriminate|]. intros H x Hx.
  apply andb_true_iff in H as [H0 H]. apply N.ltb_lt in H0.
  destruct Hx as [->|Hx]; [exact H0|]. pose proof (increasingN_head s S H x Hx). lia.
Qed.

(** The largest move, c. *)
Definition maxN (S : list N) : N := fold_right N.max 0 S.

Lemma maxN_list_max S : N.to_nat (maxN S) = list_max (nats S).
Proof.
  induction S as [|s S IH]; [reflexivity|]. simpl. rewrite N2Nat.inj_max, IH. reflexivity.
Qed.

(** ** Rule (least period) *)

(** nimcheck's numbers are u64: a witness x with x + p/r >= 2^64 fails. *)
Definition u64_limit : N := 18446744073709551616.

Definition minimalityN_ok (p : N) (ws : list (N * N)) (differs : N -> N -> bool) : bool :=
  primes_ok p (map fst ws) && forallb (fun w => differs (snd w) (p / fst w)) ws.

Lemma minimalityN_ok_spec p ws differs :
  minimalityN_ok p ws differs = true ->
  forall r, prime r -> Nat.divide r (N.to_nat p) ->
  exists x, In (N.of_nat r, x) ws /\ differs x (p / N.of_nat r) = true.
Proof.
  intros H r Hr Hd. apply andb_true_iff in H as [Hp H].
  pose proof (primes_ok_complete p _ Hp r Hr Hd) as Hin.
  apply in_map_iff in Hin as [[r' x] [E Hw]]. simpl in E. subst r'.
  exists x. split; [exact Hw|]. rewrite forallb_forall in H. exact (H _ Hw).
Qed.

(** ** The shared core: the window, minimality, the pre-period *)

Section Core.
Variables (S : list N) (q p : N).

Definition len : N := q + p + maxN S.

(** G_S read through Rule 1's periodic extension. *)
Definition reduce (x : N) : N := if x <? q + p then x else q + (x - q) mod p.

Definition vt (t : table) (x : N) : N := get t (reduce x).

(** Rules 1-3 of a [Periodic] claim on a table [t] of G_S, given the moves
    are valid and p > 0. *)
Definition rules_on (t : table) (ws : list (N * N)) : bool :=
  (* Rule 1: p is a period of G_S on [q, q + c) *)
  forall_range (fun x => get t x =? get t (x + p)) q (maxN S) &&
  (* Rule 2: a witness for each prime divisor of p *)
  minimalityN_ok p ws
    (fun x d => (q <=? x) && (x + d <? u64_limit) && negb (vt t x =? vt t (x + d))) &&
  (* Rule 3: q = 0, or p is not a period from q - 1 *)
  (if q =? 0 then true else negb (vt t (q - 1) =? vt t (q - 1 + p))).

(** The positions [rules_on] reads: Rule 1's window, and the witnesses'
    positions and Rule 3's, reduced. *)
Definition wanted (ws : list (N * N)) (x : N) : Prop :=
  (q <= x < q + maxN S) \/ (q + p <= x < q + p + maxN S) \/
  (exists w, In w ws /\ (x = reduce (snd w) \/ x = reduce (snd w + p / fst w))) \/
  (q <> 0 /\ (x = reduce (q - 1) \/ x = reduce (q - 1 + p))).

(** The same, decided: the read positions of the witnesses and of Rule 3
    in a trie ([Fast.set_of]). *)
Definition read_positions (ws : list (N * N)) : list N :=
  flat_map (fun w => [reduce (snd w); reduce (snd w + p / fst w)]) ws ++
  (if q =? 0 then [] else [reduce (q - 1); reduce (q - 1 + p)]).

Definition want_of (ws : list (N * N)) : N -> bool :=
  let c := maxN S in
  let (a, b) := (q + c, q + p) in
  let e := b + c in
  let reads := set_of (read_positions ws) in
  fun x => ((q <=? x) && (x <? a)) || ((b <=? x) && (x <? e)) || PositiveSet.mem (key x) reads.

Lemma want_of_wanted ws x : wanted ws x -> want_of ws x = true.
Proof.
  unfold wanted, want_of. cbv zeta. intros H. apply orb_true_iff.
  destruct H as [H|[H|[H|H]]].
  - left. apply orb_true_iff. left. apply andb_true_iff. split; [apply N.leb_le | apply N.ltb_lt]; lia.
  - left. apply orb_true_iff. right. apply andb_true_iff. split; [apply N.leb_le | apply N.ltb_lt]; lia.
  - right. apply set_of_spec. unfold read_positions. apply in_or_app. left.
    apply in_flat_map. destruct H as [w [Hw Hx]]. exists w. split; [exact Hw|].
    destruct Hx as [->| ->]; simpl; auto.
  - right. apply set_of_spec. unfold read_positions. apply in_or_app. right.
    destruct H as [Hq Hx]. apply N.eqb_neq in Hq. rewrite Hq.
    destruct Hx as [->| ->]; simpl; auto.
Qed.

Variable Hpos : positive_moves S.
Variable Hp : 0 < p.

Lemma reduce_below x : reduce x < q + p.
Proof.
  unfold reduce. destruct (x <? q + p) eqn:E; [apply N.ltb_lt; exact E|].
  pose proof (N.mod_lt (x - q) p ltac:(lia)). lia.
Qed.

Lemma wanted_below ws x : wanted ws x -> x < len.
Proof.
  unfold wanted, len. intros [H|[H|[H|H]]]; try lia.
  - destruct H as [w [_ [->| ->]]]; pose proof (reduce_below (snd w));
      pose proof (reduce_below (snd w + p / fst w)); lia.
  - destruct H as [_ [->| ->]]; pose proof (reduce_below (q - 1));
      pose proof (reduce_below (q - 1 + p)); lia.
Qed.

Let GS := G (nats S).

(** Rule 1's periodic extension read at x, given G_S at [reduce x]. *)
Lemma vt_G_at (t : table) x : period_from GS (N.to_nat q) (N.to_nat p) ->
  get t (reduce x) = N.of_nat (GS (N.to_nat (reduce x))) -> vt t x = N.of_nat (GS (N.to_nat x)).
Proof.
  intros Hper Hx. unfold vt. rewrite Hx. f_equal. unfold reduce.
  destruct (x <? q + p) eqn:E; [reflexivity|].
  apply N.ltb_ge in E.
  rewrite N2Nat.inj_add, N2Nat.inj_mod, N2Nat.inj_sub.
  set (q' := N.to_nat q) in *. set (p' := N.to_nat p) in *. set (x' := N.to_nat x).
  assert (Hx' : (q' <= x')%nat) by (subst q' x'; lia).
  assert (Hp' : p' <> 0%nat) by (subst p'; lia).
  pose proof (Nat.div_mod (x' - q') p' Hp') as D.
  rewrite <- (period_mult GS q' p' Hper ((x' - q') / p') (q' + (x' - q') mod p')) by lia.
  f_equal. lia.
Qed.

Section Table.
Variables (t : table) (ws : list (N * N)).
Variable Ht : forall x, wanted ws x -> get t x = N.of_nat (GS (N.to_nat x)).

Lemma window_period :
  forall_range (fun x => get t x =? get t (x + p)) q (maxN S) = true ->
  period_from GS (N.to_nat q) (N.to_nat p).
Proof.
  intros H. apply period_of_window; [apply nats_positive, Hpos|].
  intros x Hx. rewrite <- maxN_list_max in Hx.
  pose proof (forall_range_true _ _ _ H (N.of_nat x) ltac:(lia)) as E.
  apply N.eqb_eq in E.
  rewrite !Ht in E by (unfold wanted; lia).
  rewrite N2Nat.inj_add, !Nat2N.id in E. apply Nat2N.inj in E. auto.
Qed.

Lemma vt_G : period_from GS (N.to_nat q) (N.to_nat p) ->
  forall x, wanted ws (reduce x) -> vt t x = N.of_nat (GS (N.to_nat x)).
Proof.
  intros Hper x Hw. apply vt_G_at; [exact Hper | apply Ht, Hw].
Qed.

Theorem rules_on_sound :
  rules_on t ws = true -> least_preperiod GS (N.to_nat q) (N.to_nat p).
Proof.
  unfold rules_on. intros H.
  apply andb_true_iff in H as [H Hpre]. apply andb_true_iff in H as [Hwin Hmin].
  pose proof (window_period Hwin) as Hper.
  pose proof (vt_G Hper) as HV.
  split; [|split; [exact Hper|]].
  - apply (least_period_of_witnesses GS (N.to_nat q) (N.to_nat p) ltac:(lia) Hper).
    intros r Hr Hd.
    destruct (minimalityN_ok_spec _ _ _ Hmin r Hr Hd) as [x [Hin Hx]].
    apply andb_true_iff in Hx as [Hx Hne]. apply andb_true_iff in Hx as [Hqx _].
    apply N.leb_le in Hqx. exists (N.to_nat x). split; [lia|].
    rewrite !HV in Hne by (right; right; left; exists (N.of_nat r, x); simpl; auto).
    intros E. apply negb_true_iff, N.eqb_neq in Hne. apply Hne.
    f_equal. rewrite N2Nat.inj_add, N2Nat.inj_div, Nat2N.id. auto.
  - apply least_preperiod_of_witness.
    destruct (q =? 0) eqn:Eq; [left; apply N.eqb_eq in Eq; rewrite Eq; reflexivity|right].
    apply N.eqb_neq in Eq.
    rewrite !HV in Hpre by (right; right; right; auto).
    intros E. apply negb_true_iff, N.eqb_neq in Hpre. apply Hpre. f_equal.
    rewrite N2Nat.inj_add, N2Nat.inj_sub. change (N.to_nat 1) with 1%nat.
    exact E.
Qed.
End Table.
End Core.

(** ** [Periodic] *)

(** What a valid [Periodic] claim (or a line of a [PeriodicTable]) says:
    p is the least period of G_S, and q its least pre-period. *)
Definition periodic_claim (S : list nat) (q p : nat) : Prop := least_preperiod (G S) q p.

(** G_S is computed in one pass ([Stream.run]) and kept only where the
    rules read it. *)
Definition check_periodic (S : list N) (q p : N) (ws : list (N * N)) : bool :=
  movesN_ok S && (0 <? p) &&
  rules_on S q p (run S (want_of S q p ws) (len S q p)) ws.

Theorem check_periodic_sound S q p ws :
  check_periodic S q p ws = true -> periodic_claim (nats S) (N.to_nat q) (N.to_nat p).
Proof.
  unfold check_periodic. intros H.
  apply andb_true_iff in H as [H Hr]. apply andb_true_iff in H as [Hm Hp].
  apply N.ltb_lt in Hp. pose proof (movesN_ok_positive S Hm) as Hpos.
  apply (rules_on_sound S q p Hpos Hp (run S (want_of S q p ws) (len S q p)) ws); [|exact Hr].
  intros x Hw. apply run_get; [exact Hpos | apply (wanted_below S q p Hp ws x Hw) |].
  apply want_of_wanted, Hw.
Qed.

(** ** [Sequence], with its values *)

Definition values_step (t : table) (st : bool * N) (x : N) : bool * N :=
  let (ok, i) := st in (if get t i =? x then ok else false, N.succ i).

(** The claimed values are the table's on [0, length values). *)
Definition values_ok (t : table) (values : list N) : bool :=
  fst (fold_left (values_step t) values (true, 0)).

Lemma values_ok_spec t values : values_ok t values = true ->
  forall i, (i < length values)%nat -> nth i values 0 = get t (N.of_nat i).
Proof.
  unfold values_ok.
  assert (H : forall l ok j, fst (fold_left (values_step t) l (ok, j)) = true ->
    ok = true /\ forall i, (i < length l)%nat -> nth i l 0 = get t (j + N.of_nat i)).
  { induction l as [|a l IH]; intros ok j Hf; simpl in *.
    - split; [exact Hf | intros; lia].
    - destruct (get t j =? a) eqn:E.
      + destruct (IH ok (N.succ j) Hf) as [Hok Hl]. split; [exact Hok|].
        intros [|i] Hi; simpl.
        * apply N.eqb_eq in E. rewrite N.add_0_r. auto.
        * rewrite Hl by lia. f_equal. lia.
      + destruct (IH false (N.succ j) Hf) as [Hok _]. discriminate. }
  intros Hf i Hi. destruct (H values true 0 Hf) as [_ Hl]. rewrite Hl by exact Hi. reflexivity.
Qed.

(** Rule 3's witness field: [None] exactly when q = 0, else q - 1. *)
Definition preperiod_field_ok (q : N) (w : option N) : bool :=
  match w with None => q =? 0 | Some w => (0 <? q) && (w =? q - 1) end.

Definition check_sequenceN (S : list N) (q p : N) (values : list N)
    (ws : list (N * N)) (qw : option N) : bool :=
  movesN_ok S && (0 <? p) && (N.of_nat (length values) =? q + p) &&
  let t := run S (fun _ => true) (len S q p) in
  values_ok t values && preperiod_field_ok q qw && rules_on S q p t ws.

Theorem check_sequenceN_sound S q p values ws qw :
  check_sequenceN S q p values ws qw = true ->
  sequence_claim (nats S) (N.to_nat q) (N.to_nat p) (nats values).
Proof.
  unfold check_sequenceN. cbv zeta. intros H.
  repeat match goal with
  | H : (_ && _) = true |- _ => apply andb_true_iff in H as [? ?]
  end.
  match goal with
  | Hm : movesN_ok S = true, Hp : (0 <? p) = true,
    Hl : (N.of_nat (length values) =? _) = true,
    Hv : values_ok _ _ = true, Hr : rules_on _ _ _ _ _ = true |- _ =>
      rename Hm into H, Hp into Hp0, Hl into Hlen, Hv into Hvals, Hr into Hrules
  end.
  apply N.ltb_lt in Hp0. apply N.eqb_eq in Hlen.
  pose proof (movesN_ok_positive S H) as Hpos.
  assert (Hrun : forall x, x < len S q p ->
    get (run S (fun _ => true) (len S q p)) x = N.of_nat (G (nats S) (N.to_nat x)))
    by (intros x Hx; apply run_get; auto).
  pose proof (rules_on_sound S q p Hpos Hp0 _ ws
    (fun x Hw => Hrun x (wanted_below S q p Hp0 ws x Hw)) Hrules) as Hclaim.
  split; [|exact Hclaim].
  destruct Hclaim as [_ [Hper _]].
  intros x. unfold vext. unfold nats at 2.
  set (x' := if (x <? N.to_nat q + N.to_nat p)%nat then x
             else (N.to_nat q + (x - N.to_nat q) mod N.to_nat p)%nat).
  assert (Hx' : (x' < N.to_nat q + N.to_nat p)%nat).
  { subst x'. destruct (x <? _)%nat eqn:E; [apply Nat.ltb_lt in E; exact E|].
    pose proof (Nat.mod_upper_bound (x - N.to_nat q) (N.to_nat p) ltac:(lia)). lia. }
  assert (HG : G (nats S) x = G (nats S) x').
  { subst x'. destruct (x <? _)%nat eqn:E; [reflexivity|]. apply Nat.ltb_ge in E.
    pose proof (Nat.div_mod (x - N.to_nat q) (N.to_nat p) ltac:(lia)) as D.
    rewrite <- (period_mult _ _ _ Hper ((x - N.to_nat q) / N.to_nat p)
      (N.to_nat q + (x - N.to_nat q) mod N.to_nat p)) by lia.
    f_equal. lia. }
  rewrite HG. rewrite (nth_indep _ _ (N.to_nat 0)) by (rewrite map_length; lia).
  assert (HL : length values = (N.to_nat q + N.to_nat p)%nat)
    by (rewrite <- N2Nat.inj_add, <- Hlen, Nat2N.id; reflexivity).
  rewrite map_nth, (values_ok_spec _ _ Hvals x') by (clearbody x'; lia).
  rewrite Hrun by (unfold len; clearbody x'; lia).
  rewrite !Nat2N.id. reflexivity.
Qed.
