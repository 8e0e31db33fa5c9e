(** * The [Periodic] checker for machine integers, in one pass (issue 39)

    [check_periodic_small] decides nimcheck's [Periodic] rules, as
    [Judge.check_periodic] does, for claims whose numbers (moves, q, p,
    witness primes and positions) are all below 2^40 (it tests that
    first), with two changes made for speed:

    - Rule 1 (G(x) = G(x + p) on [q, q + c)) is read from two lists, the
      values on [q, q + c) and on [q + p, q + p + c), collected during the
      one pass that computes G_S ([run_pass]); no trie holds the 2c values
      of the windows.  Only the few positions that Rules 2 and 3 read (the
      witnesses', reduced: at most 24, as p < 2^40 has at most 11 prime
      divisors, and 2 for Rule 3) are recorded, in a trie; whether a
      position is one of them is asked of their list ([reads_of]; of a
      trie when there are more).
    - Rule 2's comparison with nimcheck's u64 limit (x + p/r < 2^64) is
      left out: every claim with numbers below 2^40 passes it
      (x + p/r < 2^41), and the constant 2^64 would not survive the
      extraction to 63-bit integers.

    [check_periodic_small_sound]: acceptance implies [periodic_claim], the
    statement [Judge.check_periodic_sound] proves.

    [formal/judge/ExtractSmall.v] extracts this function with [N] and
    [positive] as OCaml's [int]; docs/FORMAL.md, "Machine integers", lists
    every operation it does and its largest value (below 2^42). *)

From Coq Require Import List Arith Bool NArith Lia MSetPositive FMapPositive.
From Nimcert Require Import Mex Subtraction Period Primes Fast Stream Judge.
Import ListNotations.

Local Open Scope N_scope.

(** 2^40, the largest number the reader lets through, plus one. *)
Definition small_limit : N := 1099511627776.

Definition small (n : N) : bool := n <? small_limit.

Definition claim_small (S : list N) (q p : N) (ws : list (N * N)) : bool :=
  forallb small S && small q && small p &&
  forallb (fun w => small (fst w) && small (snd w)) ws.

(** ** The mex of a few options *)

(** [Fast.mexN] with the membership always by a scan of the list (G_S has
    at most |S| options, 3 in the campaign): no closure built per
    candidate. *)
Fixpoint memN (n : N) (l : list N) : bool :=
  match l with [] => false | h :: t => (n =? h) || memN n t end.

Lemma memN_existsb n l : memN n l = existsb (N.eqb n) l.
Proof. induction l as [|h t IH]; simpl; [reflexivity|]. rewrite IH. reflexivity. Qed.

Lemma mexN_from_ext (m1 m2 : N -> bool) : (forall n, m1 n = m2 n) ->
  forall fuel n, mexN_from m1 fuel n = mexN_from m2 fuel n.
Proof.
  intros H. induction fuel as [|f IH]; intros n; simpl; [reflexivity|].
  rewrite H. destruct (m2 n); [apply IH | reflexivity].
Qed.

(** [mexN_from] by [memN], with the fuel given: any fuel above the list's
    length (the pass gives 1 + |S|, computed once, not a length per
    position). *)
Definition mex_fuel (fuel : nat) (l : list N) : N := mexN_from (fun n => memN n l) fuel 0.

Lemma mex_fuel_mexN fuel l : (length l < fuel)%nat -> mex_fuel fuel l = mexN l.
Proof.
  intros Hf.
  assert (E : mex_fuel fuel l = mexN_from (member_of l) fuel 0).
  { apply mexN_from_ext. intros n. apply Bool.eq_iff_eq_true.
    rewrite memN_existsb, existsb_eqb_In, member_of_spec. reflexivity. }
  rewrite E. destruct (mexN_from_spec l fuel 0 ltac:(simpl; lia) ltac:(intros; lia)) as [A1 A2].
  destruct (mexN_spec l) as [B1 B2].
  set (a := mexN_from (member_of l) fuel 0) in *.
  destruct (N.lt_trichotomy a (mexN l)) as [H|[H|H]]; [| exact H |].
  - exfalso. exact (A1 (B2 a H)).
  - exfalso. exact (B1 (A2 _ H)).
Qed.

(** ** Lanes read in place *)

(** [Stream.pop_lanes] rebuilds every lane to return its oldest value,
    and [push_lanes] rebuilds them again.  Here the oldest values are read
    first ([oldest_lanes], no allocation while the fronts are not empty),
    then each lane is shifted once ([shift_lanes]: oldest dropped, G(x)
    pushed, the front refilled from the back when it ran empty). *)
Definition oldest (qu : queue) : N :=
  match front qu with
  | h :: _ => h
  | [] => match rev_append (back qu) [] with h :: _ => h | [] => 0 end
  end.

Definition drop_oldest (qu : queue) : queue :=
  match front qu with
  | _ :: t => {| front := t; back := back qu |}
  | [] => match rev_append (back qu) [] with
          | _ :: t => {| front := t; back := [] |}
          | [] => qu
          end
  end.

Definition refill (qu : queue) : queue :=
  match front qu with
  | [] => {| front := rev_append (back qu) []; back := [] |}
  | _ => qu
  end.

Fixpoint oldest_lanes (x : N) (L : list (N * queue)) : list N :=
  match L with
  | [] => []
  | (s, qu) :: L' => if s <=? x then oldest qu :: oldest_lanes x L' else oldest_lanes x L'
  end.

Lemma oldest_lanes_length x L : (length (oldest_lanes x L) <= length L)%nat.
Proof.
  induction L as [|[s qu] L IH]; simpl; [lia|]. destruct (s <=? x); simpl; lia.
Qed.

Fixpoint shift_lanes (x g : N) (L : list (N * queue)) : list (N * queue) :=
  match L with
  | [] => []
  | (s, qu) :: L' =>
      (s, if s <=? x then refill (push g (drop_oldest qu)) else push g qu) :: shift_lanes x g L'
  end.

Lemma oldest_spec qu h t : contents qu = h :: t -> oldest qu = h.
Proof.
  unfold contents, oldest. destruct qu as [[|f fs] b]; simpl; intros E.
  - rewrite rev_append_rev, app_nil_r, E. reflexivity.
  - injection E as -> _. reflexivity.
Qed.

Lemma drop_oldest_spec qu h t : contents qu = h :: t -> contents (drop_oldest qu) = t.
Proof.
  unfold contents, drop_oldest. destruct qu as [[|f fs] b]; simpl; intros E.
  - rewrite rev_append_rev, app_nil_r, E. simpl. apply app_nil_r.
  - injection E as _ <-. reflexivity.
Qed.

Lemma refill_spec qu : contents (refill qu) = contents qu.
Proof.
  unfold contents, refill. destruct qu as [[|f fs] b]; simpl; [|reflexivity].
  rewrite rev_append_rev, !app_nil_r. reflexivity.
Qed.

Lemma shift_lanes_spec S k L : lanes_ok S k L ->
  oldest_lanes (N.of_nat k) L =
    map (fun s => N.of_nat (G (nats S) (k - s)%nat))
      (filter (fun s => (s <=? k)%nat) (map N.to_nat (map fst L))) /\
  map fst (shift_lanes (N.of_nat k) (N.of_nat (G (nats S) k)) L) = map fst L /\
  lanes_ok S (Datatypes.S k) (shift_lanes (N.of_nat k) (N.of_nat (G (nats S) k)) L).
Proof.
  induction L as [|[s qu] L IH]; intros HL; simpl.
  - split; [reflexivity|]. split; [reflexivity|]. intros s qu [].
  - assert (HL' : lanes_ok S k L) by (intros s' qu' H; apply HL; right; exact H).
    destruct (HL s qu (or_introl eq_refl)) as [Hs Hc].
    destruct (IH HL') as [IH1 [IH2 IH3]].
    destruct (s <=? N.of_nat k) eqn:E.
    + apply N.leb_le in E.
      replace (N.to_nat s <=? k)%nat with true by (symmetry; apply Nat.leb_le; lia).
      destruct (window_pop S k (N.to_nat s) ltac:(lia)) as [W1 W2].
      rewrite W1 in Hc.
      split; [rewrite (oldest_spec _ _ _ Hc), IH1; reflexivity|].
      split; [simpl; rewrite IH2; reflexivity|].
      intros s' qu' [H|H].
      * injection H as <- <-. split; [exact Hs|].
        rewrite refill_spec, contents_push, (drop_oldest_spec _ _ _ Hc). exact W2.
      * apply IH3, H.
    + apply N.leb_gt in E.
      replace (N.to_nat s <=? k)%nat with false by (symmetry; apply Nat.leb_gt; lia).
      split; [exact IH1|]. split; [simpl; rewrite IH2; reflexivity|].
      intros s' qu' [H|H].
      * injection H as <- <-. split; [exact Hs|]. rewrite contents_push, Hc.
        apply window_grow. lia.
      * apply IH3, H.
Qed.

(** ** One pass: G_S, Rule 1's two windows, and the read positions *)

Record pass := { ppos : N; planes : list (N * queue); win1 : list N; win2 : list N;
                 preads : table }.

Section Pass.
Variables (S : list N) (fuel : nat) (reads : N -> bool) (lo1 hi1 lo2 hi2 : N).

(** As [Stream.stream_step], and G(x) pushed on [win1] when x is in
    [lo1, hi1), on [win2] when in [lo2, hi2), recorded when [reads x]. *)
Definition pass_step (st : pass) : pass :=
  let x := ppos st in
  let g := mex_fuel fuel (oldest_lanes x (planes st)) in
  {| ppos := N.succ x; planes := shift_lanes x g (planes st);
     win1 := if (lo1 <=? x) && (x <? hi1) then g :: win1 st else win1 st;
     win2 := if (lo2 <=? x) && (x <? hi2) then g :: win2 st else win2 st;
     preads := if reads x then set (preads st) x g else preads st |}.

Definition pass_start : pass :=
  {| ppos := 0; planes := map (fun s => (s, empty_queue)) S; win1 := []; win2 := [];
     preads := PositiveMap.empty N |}.

(** The pass over [0, n). *)
Definition run_pass (n : N) : pass := N.iter n pass_step pass_start.

Variable Hpos : positive_moves S.
Let Gv (y : nat) : N := N.of_nat (G (nats S) y).

(** The values of [l] in [lo, hi), pushed in order on [a]. *)
Definition select (lo hi : N) (a : list N) (y : nat) : list N :=
  if (lo <=? N.of_nat y) && (N.of_nat y <? hi) then Gv y :: a else a.

Definition pass_inv (k : nat) (st : pass) : Prop :=
  ppos st = N.of_nat k /\ lanes_ok S k (planes st) /\ map fst (planes st) = S /\
  win1 st = fold_left (select lo1 hi1) (seq 0 k) [] /\
  win2 st = fold_left (select lo2 hi2) (seq 0 k) [] /\
  forall y, (y < k)%nat -> reads (N.of_nat y) = true -> get (preads st) (N.of_nat y) = Gv y.

Lemma pass_inv_start : pass_inv 0 pass_start.
Proof.
  unfold pass_inv, pass_start. simpl. split; [reflexivity|]. split.
  - intros s qu Hin. apply in_map_iff in Hin as [s' [E Hs']]. injection E as -> <-.
    split; [apply Hpos, Hs'|]. reflexivity.
  - split; [rewrite map_map; apply map_id|]. split; [reflexivity|]. split; [reflexivity|].
    intros; lia.
Qed.

Lemma pass_inv_step (Hfuel : (length S < fuel)%nat) k st :
  pass_inv k st -> pass_inv (Datatypes.S k) (pass_step st).
Proof.
  intros [Hx [HL [HS [H1 [H2 Hr]]]]]. unfold pass_step. rewrite Hx.
  destruct (shift_lanes_spec S k _ HL) as [P1 [P2 P3]].
  assert (Hg : mex_fuel fuel (oldest_lanes (N.of_nat k) (planes st)) = Gv k).
  { rewrite mex_fuel_mexN by (pose proof (oldest_lanes_length (N.of_nat k) (planes st));
      rewrite <- HS, map_length in Hfuel; lia).
    rewrite P1, HS. unfold Gv.
    rewrite <- map_map with (f := fun s => (G (nats S) (k - s))) (g := N.of_nat).
    rewrite mexN_map. f_equal. symmetry.
    rewrite (G_is_nim_sequence (nats S) (nats_positive S Hpos) k). reflexivity. }
  unfold pass_inv. cbv zeta. cbn [ppos planes win1 win2 preads]. rewrite Hg. unfold Gv.
  split; [lia|]. split; [exact P3|]. split; [rewrite P2; exact HS|].
  - rewrite seq_S, !fold_left_app. cbn [fold_left].
    rewrite <- H1, <- H2. unfold select. rewrite Nat.add_0_l.
    split; [reflexivity|]. split; [reflexivity|].
    intros y Hy Hw. destruct (Nat.eq_dec y k) as [->|Hne].
    + rewrite Hw, get_set_eq. reflexivity.
    + assert (Hy' : (y < k)%nat) by lia.
      destruct (reads (N.of_nat k)); [rewrite get_set_neq by lia|]; apply Hr; assumption.
Qed.

Theorem run_pass_spec (Hfuel : (length S < fuel)%nat) n : pass_inv (N.to_nat n) (run_pass n).
Proof.
  unfold run_pass. rewrite N2Nat.inj_iter. induction (N.to_nat n) as [|k IH].
  - apply pass_inv_start.
  - apply pass_inv_step, IH. exact Hfuel.
Qed.

(** ** What the windows hold *)

Lemma fold_select_out lo hi l a :
  (forall y, In y l -> N.of_nat y < lo \/ hi <= N.of_nat y) -> fold_left (select lo hi) l a = a.
Proof.
  revert a. induction l as [|y l IH]; intros a H; [reflexivity|]. simpl.
  unfold select at 2.
  destruct (H y (or_introl eq_refl)) as [E|E].
  - replace (lo <=? N.of_nat y) with false by (symmetry; apply N.leb_gt; exact E).
    apply IH. intros z Hz. apply H. right. exact Hz.
  - replace (N.of_nat y <? hi) with false by (symmetry; apply N.ltb_ge; exact E).
    rewrite andb_false_r. apply IH. intros z Hz. apply H. right. exact Hz.
Qed.

Lemma fold_select_in lo hi l a :
  (forall y, In y l -> lo <= N.of_nat y < hi) -> fold_left (select lo hi) l a = rev (map Gv l) ++ a.
Proof.
  revert a. induction l as [|y l IH]; intros a H; [reflexivity|]. simpl.
  unfold select at 2. destruct (H y (or_introl eq_refl)) as [E1 E2].
  apply N.leb_le in E1. apply N.ltb_lt in E2. rewrite E1, E2. simpl.
  rewrite IH by (intros z Hz; apply H; right; exact Hz). rewrite <- app_assoc. reflexivity.
Qed.

(** G_S on [lo, lo + w), last first, when lo + w <= n. *)
Lemma fold_select_window lo w n : (N.to_nat lo + N.to_nat w <= n)%nat ->
  fold_left (select lo (lo + w)) (seq 0 n) [] = rev (map Gv (seq (N.to_nat lo) (N.to_nat w))).
Proof.
  intros Hn.
  replace n with (N.to_nat lo + (N.to_nat w + (n - N.to_nat lo - N.to_nat w)))%nat by lia.
  rewrite !seq_app, !fold_left_app, Nat.add_0_l.
  rewrite (fold_select_out _ _ (seq 0 (N.to_nat lo))) by (intros y Hy; apply in_seq in Hy; left; lia).
  rewrite (fold_select_in _ _ (seq (N.to_nat lo) (N.to_nat w))) by
    (intros y Hy; apply in_seq in Hy; lia).
  rewrite fold_select_out by (intros y Hy; apply in_seq in Hy; right; lia).
  apply app_nil_r.
Qed.

Lemma map_seq_eq a b w : map Gv (seq a w) = map Gv (seq b w) ->
  forall i, (i < w)%nat -> Gv (a + i) = Gv (b + i).
Proof.
  revert a b. induction w as [|w IH]; intros a b E i Hi; [lia|]. simpl in E.
  injection E as E0 E1. destruct i as [|i]; [rewrite !Nat.add_0_r; exact E0|].
  replace (a + Datatypes.S i)%nat with (Datatypes.S a + i)%nat by lia.
  replace (b + Datatypes.S i)%nat with (Datatypes.S b + i)%nat by lia.
  apply IH; [exact E1 | lia].
Qed.
End Pass.

Fixpoint list_eqb (l m : list N) : bool :=
  match l, m with
  | [], [] => true
  | x :: l', y :: m' => (x =? y) && list_eqb l' m'
  | _, _ => false
  end.

Lemma list_eqb_eq l : forall m, list_eqb l m = true -> l = m.
Proof.
  induction l as [|x l IH]; intros [|y m] H; simpl in H; try discriminate; [reflexivity|].
  apply andb_true_iff in H as [E H]. apply N.eqb_eq in E. rewrite E, (IH m H). reflexivity.
Qed.

(** Membership in the read positions: a scan of their list when there are
    at most 24 (every claim the checker accepts: 2 per prime divisor of
    p < 2^40, at most 11, and 2 for Rule 3), else a trie built once, so
    that a claim with many witnesses costs O(log) per position, not its
    length. *)
Definition reads_of (l : list N) : N -> bool :=
  if (length l <=? 24)%nat then fun x => memN x l
  else let t := set_of l in fun x => PositiveSet.mem (key x) t.

Lemma reads_of_spec l x : reads_of l x = true <-> In x l.
Proof.
  unfold reads_of. destruct (length l <=? 24)%nat.
  - rewrite memN_existsb. apply existsb_eqb_In.
  - apply set_of_spec.
Qed.

(** ** The checker *)

(** A [Periodic] claim (or a line of a [PeriodicTable]) with every number
    below 2^40; [false] for any other claim (the reader never passes one).
    The pass covers [0, q + p + c); Rules 2 and 3 as in [Judge.rules_on]. *)
Definition check_periodic_small (S : list N) (q p : N) (ws : list (N * N)) : bool :=
  claim_small S q p ws && movesN_ok S && (0 <? p) &&
  let c := maxN S in
  let st := run_pass S (Datatypes.S (length S)) (reads_of (read_positions q p ws)) q (q + c) (q + p) (q + p + c)
              (q + p + c) in
  let t := preads st in
  list_eqb (win1 st) (win2 st) &&
  minimalityN_ok p ws (fun x d => (q <=? x) && negb (vt q p t x =? vt q p t (x + d))) &&
  (if q =? 0 then true else negb (vt q p t (q - 1) =? vt q p t (q - 1 + p))).

Theorem check_periodic_small_sound S q p ws :
  check_periodic_small S q p ws = true -> periodic_claim (nats S) (N.to_nat q) (N.to_nat p).
Proof.
  unfold check_periodic_small. cbv zeta. intros H.
  apply andb_true_iff in H as [H Hbody]. apply andb_true_iff in Hbody as [Hbody Hpre].
  apply andb_true_iff in Hbody as [Hwin Hmin]. apply andb_true_iff in H as [H Hp].
  apply andb_true_iff in H as [_ Hm]. apply N.ltb_lt in Hp.
  pose proof (movesN_ok_positive S Hm) as Hpos.
  set (st := run_pass S _ _ q (q + maxN S) (q + p) (q + p + maxN S) (q + p + maxN S)) in *.
  destruct (run_pass_spec S (Datatypes.S (length S)) (reads_of (read_positions q p ws)) q
    (q + maxN S) (q + p) (q + p + maxN S) Hpos (Nat.lt_succ_diag_r _) (q + p + maxN S)) as [_ [_ [_ [W1 [W2 Hr]]]]].
  fold st in W1, W2, Hr.
  rewrite fold_select_window in W1, W2 by lia.
  apply list_eqb_eq in Hwin. rewrite W1, W2 in Hwin.
  apply (f_equal (@rev N)) in Hwin. rewrite !rev_involutive in Hwin.
  set (GS := G (nats S)) in *.
  (* Rule 1 *)
  assert (Hper : period_from GS (N.to_nat q) (N.to_nat p)).
  { apply period_of_window; [apply nats_positive, Hpos|].
    intros x Hx. rewrite <- maxN_list_max in Hx.
    pose proof (map_seq_eq S _ _ _ Hwin (x - N.to_nat q) ltac:(lia)) as E.
    apply Nat2N.inj. rewrite N2Nat.inj_add in E.
    replace (N.to_nat q + (x - N.to_nat q))%nat with x in E by lia.
    replace (N.to_nat q + N.to_nat p + (x - N.to_nat q))%nat with (x + N.to_nat p)%nat in E by lia.
    symmetry. exact E. }
  (* the recorded positions hold G_S, hence so does [vt] where they are read *)
  assert (HV : forall x, In (reduce q p x) (read_positions q p ws) ->
                 vt q p (preads st) x = N.of_nat (GS (N.to_nat x))).
  { intros x Hin. apply vt_G_at; [exact Hp | exact Hper|].
    rewrite <- (N2Nat.id (reduce q p x)) at 1. apply Hr.
    - pose proof (reduce_below q p Hp x). lia.
    - rewrite N2Nat.id. apply reads_of_spec, Hin. }
  split; [|split; [exact Hper|]].
  - (* Rule 2 *)
    apply (least_period_of_witnesses GS (N.to_nat q) (N.to_nat p) ltac:(lia) Hper).
    intros r Hr' Hd.
    destruct (minimalityN_ok_spec _ _ _ Hmin r Hr' Hd) as [x [Hin Hx]].
    apply andb_true_iff in Hx as [Hqx Hne]. apply N.leb_le in Hqx.
    exists (N.to_nat x). split; [lia|].
    rewrite !HV in Hne by (unfold read_positions; apply in_or_app; left; apply in_flat_map;
      exists (N.of_nat r, x); split; [exact Hin | simpl; auto]).
    intros E. apply negb_true_iff, N.eqb_neq in Hne. apply Hne.
    f_equal. rewrite N2Nat.inj_add, N2Nat.inj_div, Nat2N.id. auto.
  - (* Rule 3 *)
    apply least_preperiod_of_witness.
    destruct (q =? 0) eqn:Eq; [left; apply N.eqb_eq in Eq; rewrite Eq; reflexivity|right].
    rewrite !HV in Hpre by (unfold read_positions; apply in_or_app; right; rewrite Eq; simpl; auto).
    intros E. apply negb_true_iff, N.eqb_neq in Hpre. apply Hpre. f_equal.
    rewrite N2Nat.inj_add, N2Nat.inj_sub. change (N.to_nat 1) with 1%nat.
    exact E.
Qed.
