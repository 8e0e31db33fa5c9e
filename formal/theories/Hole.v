(** * The subtraction games S = [1, 2h] \ {h} (issue 39)

    For h ≥ 1, G_S is purely periodic with least period 3h + 1, and one
    period is the word

      0, 1, …, h − 1,  0, 1, …, h − 1,  h, h + 1, …, 2h − 1,  h

    ([hole_G]: G_S(x) = [word h x] for every x).  So a [Periodic] claim
    about such an S is true exactly when q = 0 and p = 3h + 1
    ([hole_claim]); every other claim is false, whatever its witnesses.

    The second reproducer of the 16-bit wrap (checker/tests/value_width.rs)
    is such a game, h = 32,769 (65,537 moves), with the false claim
    q = 98,309, p = 98,308.  Computing G_S for it would read 1.7·10^10
    options; [hole_verdict] decides it by reading the moves once.  The
    judge calls it when [nimcert export judge] writes the hint H after a
    [periodic] line (an untrusted guess that S = [1, 2H] \ {H}): a hint
    that does not fit S is ignored ([hole_verdict] answers 2) and the claim
    is judged in full; a hint that fits changes nothing but the speed
    ([hole_verdict_agrees]: the verdict is [Judge.check_periodic]'s).

    This is not general: it covers one family of games, proved once for
    all h by the mex rule region by region (the residues of x and x − s
    modulo 3h + 1), not an evaluator of G_S for other sets. *)

From Coq Require Import List Arith Bool NArith Lia FMapPositive.
From Nimcert Require Import Mex Subtraction Period Fast Stream Primes Judge.
Import ListNotations.

(** ** G_S depends on the set S only, not on the list *)

Lemma options_In S g x v :
  In v (options S g x) <-> exists s, In s S /\ s <= x /\ v = g (x - s).
Proof.
  unfold options. rewrite in_map_iff. split.
  - intros [s [E Hs]]. apply filter_In in Hs as [Hs Hle]. apply Nat.leb_le in Hle.
    exists s. auto.
  - intros [s [Hs [Hle E]]]. exists s. split; [auto|].
    apply filter_In. split; [exact Hs | apply Nat.leb_le, Hle].
Qed.

Lemma G_ext S1 S2 : moves_positive S1 -> (forall s, In s S1 <-> In s S2) ->
  forall x, G S1 x = G S2 x.
Proof.
  intros Hpos Heq. apply (G_unique S2 (G S1)).
  - intros s Hs. apply Hpos, Heq, Hs.
  - intros x. rewrite (G_is_nim_sequence S1 Hpos x). apply mex_ext. intros v.
    rewrite !options_In. split; intros [s [Hs R]]; exists s; split; auto; apply Heq; auto.
Qed.

(** Equal functions have the same periods. *)
Lemma least_preperiod_ext (f g : nat -> nat) q p :
  (forall x, f x = g x) -> least_preperiod f q p -> least_preperiod g q p.
Proof.
  intros E. assert (X : forall q p, period_from f q p -> period_from g q p).
  { intros q0 p0 H x Hx. rewrite <- !E. apply H, Hx. }
  assert (Y : forall q p, period_from g q p -> period_from f q p).
  { intros q0 p0 H x Hx. rewrite !E. apply H, Hx. }
  intros [[Hp [[q0 Hq0] Hmin]] [Hper Hpre]].
  split; [split; [exact Hp | split]|split].
  - exists q0. apply X, Hq0.
  - intros q' d Hd H. apply (Hmin q' d Hd), Y, H.
  - apply X, Hper.
  - intros q' H. apply Hpre, Y, H.
Qed.

(** Case analysis on every [a <? b] of the goal. *)
Ltac ltb_cases :=
  repeat match goal with
  | |- context [?a <? ?b] => destruct (Nat.ltb_spec a b)
  end.

(** ** The word, and the mex rule by regions *)

Section Hole.
Variable h : nat.
Variable Hh : 1 <= h.

(** S = [1, 2h] \ {h}. *)
Definition hole_moves : list nat := filter (fun s => negb (s =? h)) (seq 1 (2 * h)).

Lemma hole_moves_In s : In s hole_moves <-> 1 <= s <= 2 * h /\ s <> h.
Proof.
  unfold hole_moves. rewrite filter_In, in_seq, negb_true_iff, Nat.eqb_neq.
  split; intros; lia.
Qed.

(** The word on the residues r < 3h + 1, and its periodic extension. *)
Definition word_r (r : nat) : nat := if r <? h then r else if r <? 3 * h then r - h else h.

Definition word (x : nat) : nat := word_r (x mod (3 * h + 1)).

(** Two residues with the same value are equal or h apart. *)
Lemma word_r_same a b : a < 3 * h + 1 -> b < 3 * h + 1 -> word_r a = word_r b ->
  a = b \/ a = b + h \/ b = a + h.
Proof. unfold word_r. intros Ha Hb. ltb_cases; lia. Qed.

(** The residue of x − s from that of x. *)
Lemma mod_sub x s : s <= x -> s <= 3 * h + 1 ->
  (x - s) mod (3 * h + 1) =
  if s <=? x mod (3 * h + 1) then x mod (3 * h + 1) - s
  else x mod (3 * h + 1) + (3 * h + 1) - s.
Proof.
  intros Hsx HsP.
  pose proof (Nat.div_mod x (3 * h + 1) ltac:(lia)) as D.
  pose proof (Nat.mod_upper_bound x (3 * h + 1) ltac:(lia)) as B.
  set (r := x mod (3 * h + 1)) in *. set (k := x / (3 * h + 1)) in *.
  destruct (Nat.leb_spec s r).
  - symmetry. apply (Nat.mod_unique (x - s) (3 * h + 1) k); lia.
  - destruct k as [|k]; [lia|].
    symmetry. apply (Nat.mod_unique (x - s) (3 * h + 1) k); lia.
Qed.

(** The word satisfies the mex rule of S: no option has its value (two
    positions with equal values are h or 3h + 1 ± h apart modulo 3h + 1,
    and h, 2h + 1 and 4h + 1 are not moves), and every smaller value is an
    option's (x − (r − k) for r < h, else x − (r − k − h), or x − 2h when
    k + 2h = r). *)
Theorem word_is_nim_sequence : is_nim_sequence hole_moves word.
Proof.
  intros x. symmetry. apply mex_unique.
  - rewrite options_In. intros [s [Hs [Hle E]]]. apply hole_moves_In in Hs.
    unfold word in E. rewrite mod_sub in E by lia.
    pose proof (Nat.mod_upper_bound x (3 * h + 1) ltac:(lia)).
    set (r := x mod (3 * h + 1)) in *.
    destruct (Nat.leb_spec s r); apply word_r_same in E; lia.
  - intros k Hk. apply options_In. unfold word in Hk |- *.
    pose proof (Nat.mod_upper_bound x (3 * h + 1) ltac:(lia)).
    pose proof (Nat.mod_le x (3 * h + 1) ltac:(lia)).
    set (r := x mod (3 * h + 1)) in *.
    assert (Hs : exists s, 1 <= s <= 2 * h /\ s <> h /\ s <= r /\ word_r (r - s) = k).
    { revert Hk. unfold word_r. destruct (Nat.ltb_spec r h); intros Hk.
      - exists (r - k). ltb_cases; lia.
      - destruct (Nat.eqb_spec (k + 2 * h) r).
        + exists (2 * h). revert Hk. ltb_cases; lia.
        + exists (r - k - h). revert Hk. ltb_cases; lia. }
    destruct Hs as [s [Hs1 [Hs2 [Hsr Hw]]]]. exists s.
    split; [apply hole_moves_In; lia|]. split; [lia|].
    rewrite mod_sub by lia. fold r. destruct (Nat.leb_spec s r); [|lia].
    symmetry. exact Hw.
Qed.

Theorem hole_G x : G hole_moves x = word x.
Proof.
  symmetry. apply G_unique; [|apply word_is_nim_sequence].
  intros s Hs. apply hole_moves_In in Hs. lia.
Qed.

Lemma word_period : period_from word 0 (3 * h + 1).
Proof.
  intros x _. unfold word. f_equal.
  replace (x + (3 * h + 1)) with (x + 1 * (3 * h + 1)) by lia.
  apply Nat.mod_add. lia.
Qed.

(** No smaller period from 0: word(d) = word(0) = 0 forces d = h, and
    word(2h) = h differs from word(h) = 0. *)
Lemma word_no_shorter d : 0 < d < 3 * h + 1 -> ~ period_from word 0 d.
Proof.
  intros Hd Hper.
  pose proof (Hper 0 (le_n 0)) as E0. rewrite Nat.add_0_l in E0.
  unfold word in E0. rewrite !Nat.mod_small in E0 by lia.
  assert (d = h) as ->.
  { apply word_r_same in E0; [|lia|lia]. lia. }
  pose proof (Hper h ltac:(lia)) as E1. unfold word in E1.
  rewrite !Nat.mod_small in E1 by lia. revert E1. unfold word_r. ltb_cases; lia.
Qed.

(** The whole truth about the periods of the word. *)
Theorem word_least q p : least_preperiod word q p <-> q = 0 /\ p = 3 * h + 1.
Proof.
  split.
  - intros [[Hp [_ Hmin]] [Hper Hpre]].
    assert (H0 : period_from word 0 p)
      by (apply (period_transfer word 0 (3 * h + 1) q p); [lia | apply word_period | exact Hper]).
    pose proof (Hpre 0 H0). pose proof (Hmin 0 (3 * h + 1) ltac:(lia) word_period).
    destruct (lt_dec p (3 * h + 1)) as [Hlt|]; [|lia].
    exfalso. exact (word_no_shorter p ltac:(lia) H0).
  - intros [-> ->]. split; [split; [lia | split]|split].
    + exists 0. apply word_period.
    + intros q' d Hd H.
      assert (H0 : period_from word 0 d)
        by (apply (period_transfer word 0 (3 * h + 1) q' d); [lia | apply word_period | exact H]).
      destruct (lt_dec d (3 * h + 1)) as [Hlt|]; [|lia].
      exfalso. exact (word_no_shorter d ltac:(lia) H0).
    + apply word_period.
    + intros; lia.
Qed.
End Hole.

(** ** The check on the judge's binary numbers *)

Local Open Scope N_scope.

(** The moves are 1, 2, …, 2h without h, in this order, from [next] on. *)
Fixpoint hole_walk (h next : N) (S : list N) : bool :=
  match S with
  | [] => next =? 2 * h + 1
  | s :: S' =>
      let n := if next =? h then next + 1 else next in
      (s =? n) && hole_walk h (n + 1) S'
  end.

(** S = [1, 2h] \ {h} with h ≥ 1. *)
Definition hole_shape (h : N) (S : list N) : bool := (1 <=? h) && hole_walk h 1 S.

Lemma hole_walk_bound h S : forall next, hole_walk h next S = true -> next <= 2 * h + 1.
Proof.
  induction S as [|s S IH]; intros next H; cbn [hole_walk] in H.
  - apply N.eqb_eq in H. lia.
  - apply andb_true_iff in H as [_ H]. apply IH in H. revert H. destruct (next =? h); lia.
Qed.

Lemma hole_walk_In h S : forall next, hole_walk h next S = true ->
  forall s, In s S <-> next <= s <= 2 * h /\ s <> h.
Proof.
  induction S as [|s0 S IH]; intros next H s; cbn [hole_walk] in H.
  - apply N.eqb_eq in H. cbn [In]. split; [intros [] | lia].
  - revert H. destruct (N.eqb_spec next h); intros H;
      apply andb_true_iff in H as [E H]; apply N.eqb_eq in E;
      pose proof (hole_walk_bound h S _ H); specialize (IH _ H s);
      cbn [In]; rewrite IH; split; intros; lia.
Qed.

Lemma hole_shape_moves h S : hole_shape h S = true ->
  (1 <= N.to_nat h)%nat /\ forall s, In s (nats S) <-> In s (hole_moves (N.to_nat h)).
Proof.
  unfold hole_shape. intros H. apply andb_true_iff in H as [H1 H]. apply N.leb_le in H1.
  split; [lia|]. intros s. rewrite hole_moves_In by lia. unfold nats. rewrite in_map_iff. split.
  - intros [s' [<- Hs']]. apply (hole_walk_In h S 1 H) in Hs'. lia.
  - intros Hs. exists (N.of_nat s). split; [apply Nat2N.id|].
    apply (hole_walk_In h S 1 H). lia.
Qed.

(** A [Periodic] claim about S = [1, 2h] \ {h} holds exactly when q = 0 and
    p = 3h + 1. *)
Lemma hole_shape_G h S : hole_shape h S = true ->
  forall x, G (nats S) x = word (N.to_nat h) x.
Proof.
  intros H. destruct (hole_shape_moves h S H) as [Hh HS].
  intros x. rewrite (G_ext (nats S) (hole_moves (N.to_nat h))), hole_G; auto.
  intros s Hs. apply HS in Hs. apply hole_moves_In in Hs; lia.
Qed.

Theorem hole_claim h S q p : hole_shape h S = true ->
  periodic_claim (nats S) (N.to_nat q) (N.to_nat p) <-> q = 0 /\ p = 3 * h + 1.
Proof.
  intros H. destruct (hole_shape_moves h S H) as [Hh _].
  pose proof (hole_shape_G h S H) as HG.
  unfold periodic_claim. split.
  - intros C. apply (least_preperiod_ext _ _ _ _ HG), word_least in C; [lia | exact Hh].
  - intros [-> ->]. apply (least_preperiod_ext _ _ _ _ (fun x => eq_sym (HG x))).
    apply word_least; [exact Hh | lia].
Qed.

(** ** The verdict *)

(** The word on binary numbers. *)
Definition wordN (h x : N) : N :=
  let r := x mod (3 * h + 1) in if r <? h then r else if r <? 3 * h then r - h else h.

Definition tab_step (f : N -> N) (want : N -> bool) (st : N * table) : N * table :=
  let (x, t) := st in (N.succ x, if want x then set t x (f x) else t).

(** [f] at the wanted positions of [0, n). *)
Definition tabulate (f : N -> N) (want : N -> bool) (n : N) : table :=
  snd (N.iter n (tab_step f want) (0, PositiveMap.empty N)).

(** The verdict on a [Periodic] claim (S, q, p, witnesses) given the hint
    h: 2 when S is not [1, 2h] \ {h} (the hint does not apply: the claim
    must be judged in full); else 1 when (q, p) ≠ (0, 3h + 1), the claim
    proved false ([hole_verdict_refutes]); else 0 when nimcheck's rules
    ([Judge.rules_on]: the window, the witnesses, the pre-period) hold on
    the word, the claim then proved true ([hole_verdict_accepts], by
    [hole_claim], whatever the table); else 3 (a true claim with a witness
    that does not hold: not accepted, as nimcheck would not). *)
Definition hole_verdict (h : N) (S : list N) (q p : N) (ws : list (N * N)) : nat :=
  if negb (hole_shape h S) then 2
  else if negb ((q =? 0) && (p =? 3 * h + 1)) then 1
  else if rules_on S q p (tabulate (wordN h) (want_of S q p ws) (len S q p)) ws then 0
  else 3.

Theorem hole_verdict_accepts h S q p ws :
  hole_verdict h S q p ws = 0%nat -> periodic_claim (nats S) (N.to_nat q) (N.to_nat p).
Proof.
  unfold hole_verdict. destruct (hole_shape h S) eqn:E; cbn [negb]; [|discriminate].
  destruct ((q =? 0) && (p =? 3 * h + 1)) eqn:F; cbn [negb]; [|discriminate].
  intros _. apply andb_true_iff in F as [F1 F2]. apply N.eqb_eq in F1, F2.
  apply (hole_claim h S q p E). auto.
Qed.

Theorem hole_verdict_refutes h S q p ws :
  hole_verdict h S q p ws = 1%nat -> ~ periodic_claim (nats S) (N.to_nat q) (N.to_nat p).
Proof.
  unfold hole_verdict. destruct (hole_shape h S) eqn:E; cbn [negb]; [|discriminate].
  destruct ((q =? 0) && (p =? 3 * h + 1)) eqn:F; cbn [negb].
  - destruct (rules_on _ _ _ _ _); discriminate.
  - intros _ C. apply (hole_claim h S q p E) in C as [-> ->].
    rewrite !N.eqb_refl in F. discriminate.
Qed.

(** ** The hint changes the speed, not the verdict

    When the moves have the shape, [hole_verdict] accepts exactly the
    claims [Judge.check_periodic] accepts ([hole_verdict_agrees]): the
    rules are the same, read on a table of the word, which holds G_S at
    every position they read ([tabulate_get], [wordN_word], [hole_shape_G]),
    as [Stream.run]'s table does ([run_get]). *)

Lemma wordN_word h x : wordN h x = N.of_nat (word (N.to_nat h) (N.to_nat x)).
Proof.
  unfold wordN, word, word_r. cbv zeta.
  assert (Hr : N.to_nat (x mod (3 * h + 1)) = (N.to_nat x mod (3 * N.to_nat h + 1))%nat)
    by (rewrite N2Nat.inj_mod; f_equal; lia).
  rewrite <- Hr. generalize (x mod (3 * h + 1)). intros r.
  destruct (N.ltb_spec r h), (Nat.ltb_spec (N.to_nat r) (N.to_nat h)); try lia;
  destruct (N.ltb_spec r (3 * h)), (Nat.ltb_spec (N.to_nat r) (3 * N.to_nat h)); lia.
Qed.

Lemma iter_S {A} (f : A -> A) k x : Nat.iter (Datatypes.S k) f x = f (Nat.iter k f x).
Proof. reflexivity. Qed.

Lemma tabulate_get f want n x : x < n -> want x = true -> get (tabulate f want n) x = f x.
Proof.
  intros Hx Hw. unfold tabulate. rewrite N2Nat.inj_iter.
  assert (H : forall k,
    fst (Nat.iter k (tab_step f want) (0, PositiveMap.empty N)) = N.of_nat k /\
    forall y, y < N.of_nat k -> want y = true ->
      get (snd (Nat.iter k (tab_step f want) (0, PositiveMap.empty N))) y = f y).
  { induction k as [|k [IH1 IH2]]; [|rewrite iter_S].
    - split; [reflexivity | intros; lia].
    - destruct (Nat.iter k (tab_step f want) (0, PositiveMap.empty N)) as [z t].
      cbn [fst snd] in IH1, IH2. subst z. unfold tab_step. cbn [fst snd].
      split; [lia|]. intros y Hy Hwy. destruct (N.eq_dec y (N.of_nat k)) as [->|Hne].
      + rewrite Hwy. apply get_set_eq.
      + destruct (want (N.of_nat k)); [rewrite get_set_neq by exact Hne|];
          apply IH2; auto; lia. }
  destruct (H (N.to_nat n)) as [_ H2]. apply H2; [lia | exact Hw].
Qed.

Lemma forall_range_ext f g a len :
  (forall i, a <= i < a + len -> f i = g i) -> forall_range f a len = forall_range g a len.
Proof.
  intros E. unfold forall_range. rewrite !N2Nat.inj_iter.
  assert (H : forall k, (k <= N.to_nat len)%nat ->
    Nat.iter k (range_step f) (true, a) = Nat.iter k (range_step g) (true, a) /\
    snd (Nat.iter k (range_step f) (true, a)) = a + N.of_nat k).
  { induction k as [|k IH]; intros Hk; [split; [reflexivity | cbn; lia]|]. rewrite !iter_S.
    destruct (IH ltac:(lia)) as [IH1 IH2]. rewrite <- IH1.
    destruct (Nat.iter k (range_step f) (true, a)) as [ok i]. cbn [snd] in IH2. subst i.
    unfold range_step. rewrite (E (a + N.of_nat k)) by lia. cbn [snd]. split; [reflexivity | lia]. }
  destruct (H (N.to_nat len) (le_n _)) as [H1 _]. rewrite H1. reflexivity.
Qed.

Lemma minimalityN_ok_ext p ws d1 d2 :
  (forall w, In w ws -> d1 (snd w) (p / fst w) = d2 (snd w) (p / fst w)) ->
  minimalityN_ok p ws d1 = minimalityN_ok p ws d2.
Proof.
  intros E. unfold minimalityN_ok. f_equal. revert E.
  induction ws as [|w ws IH]; intros E; cbn [forallb]; [reflexivity|].
  rewrite E by (left; reflexivity). f_equal. apply IH. intros; apply E; right; auto.
Qed.

(** [rules_on] reads a table at the wanted positions only. *)
Lemma rules_on_ext S q p t1 t2 ws :
  (forall x, wanted S q p ws x -> get t1 x = get t2 x) ->
  rules_on S q p t1 ws = rules_on S q p t2 ws.
Proof.
  intros E. unfold rules_on, vt.
  rewrite (forall_range_ext (fun x => get t1 x =? get t1 (x + p))
    (fun x => get t2 x =? get t2 (x + p)))
    by (intros i Hi; rewrite (E i), (E (i + p)) by (unfold wanted; lia); reflexivity).
  f_equal; [f_equal|].
  - apply minimalityN_ok_ext. intros w Hw.
    rewrite !E by (unfold wanted; right; right; left; exists w; split; [exact Hw | auto]).
    reflexivity.
  - destruct (q =? 0) eqn:Eq; [reflexivity|]. apply N.eqb_neq in Eq.
    rewrite !E by (unfold wanted; right; right; right; auto). reflexivity.
Qed.

Lemma hole_walk_increasing h S : forall next, hole_walk h next S = true -> increasingN S = true.
Proof.
  induction S as [|s0 S IH]; intros next H; [reflexivity|].
  cbn [hole_walk] in H. revert H. generalize (if next =? h then next + 1 else next).
  intros n H. apply andb_true_iff in H as [E H]. apply N.eqb_eq in E. subst s0.
  destruct S as [|s1 S']; [reflexivity|].
  change (increasingN (n :: s1 :: S')) with ((n <? s1) && increasingN (s1 :: S')).
  rewrite (IH _ H), andb_true_r. apply N.ltb_lt.
  pose proof (proj1 (hole_walk_In h _ _ H s1) (or_introl eq_refl)). lia.
Qed.

Lemma hole_shape_movesN_ok h S : hole_shape h S = true -> movesN_ok S = true.
Proof.
  unfold hole_shape. intros H. apply andb_true_iff in H as [H1 H]. apply N.leb_le in H1.
  destruct S as [|s S'].
  - cbn [hole_walk] in H. apply N.eqb_eq in H. lia.
  - unfold movesN_ok. rewrite (hole_walk_increasing h _ 1 H), andb_true_r. apply N.ltb_lt.
    pose proof (proj1 (hole_walk_In h _ _ H s) (or_introl eq_refl)). lia.
Qed.

(** Unless the hint does not fit (2), [hole_verdict] accepts exactly what
    [check_periodic] accepts. *)
Theorem hole_verdict_agrees h S q p ws :
  hole_verdict h S q p ws <> 2%nat ->
  (hole_verdict h S q p ws = 0%nat <-> check_periodic S q p ws = true).
Proof.
  unfold hole_verdict. destruct (hole_shape h S) eqn:E; cbn [negb]; [|congruence].
  destruct ((q =? 0) && (p =? 3 * h + 1)) eqn:F; cbn [negb]; intros _.
  - apply andb_true_iff in F as [F1 F2]. apply N.eqb_eq in F1, F2.
    assert (Hp : 0 < p) by lia.
    pose proof (hole_shape_movesN_ok h S E) as Hm.
    pose proof (movesN_ok_positive S Hm) as Hpos.
    unfold check_periodic. rewrite Hm.
    replace (0 <? p) with true by (symmetry; apply N.ltb_lt; exact Hp). cbn [andb].
    rewrite (rules_on_ext S q p _ (run S (want_of S q p ws) (len S q p)) ws).
    + destruct (rules_on _ _ _ _ _); split; congruence.
    + intros x Hw.
      pose proof (wanted_below S q p Hp ws x Hw) as Hl.
      pose proof (want_of_wanted S q p ws x Hw) as Hwo.
      rewrite tabulate_get by assumption. rewrite run_get by assumption.
      rewrite wordN_word, (hole_shape_G h S E). reflexivity.
  - split; [discriminate|]. intros C. apply check_periodic_sound in C.
    apply (hole_claim h S q p E) in C as [-> ->]. rewrite !N.eqb_refl in F. discriminate.
Qed.
