(** * G_S in one pass with a queue per move (issue 24)

    Keeping every value of G_S in a trie would cost O(log n) allocations
    per position and O(n) memory.  [run] instead keeps, for each move s,
    the last s values in a queue (two lists, as Okasaki's banker's queue):
    at position x it takes G(x - s) from the front of each queue whose
    move is legal, computes the mex, and appends G(x) to every queue.  It
    records G(x) in a trie only where [want x] holds, so checking a
    [Periodic] claim needs memory for the 2c positions of Rule 1's window
    and the witnesses' positions, not for all q + p + c.

    [run_get]: the record holds G_S at every wanted position below n. *)

From Coq Require Import List Arith Bool NArith Lia FMapPositive.
From Nimcert Require Import Mex Subtraction Fast.
Import ListNotations.

Local Open Scope N_scope.

(** ** Queues *)

Record queue := { front : list N; back : list N }.

(** The queue's contents, oldest first. *)
Definition contents (qu : queue) : list N := front qu ++ rev (back qu).

Definition empty_queue : queue := {| front := []; back := [] |}.

Definition push (x : N) (qu : queue) : queue := {| front := front qu; back := x :: back qu |}.

Definition pop (qu : queue) : option (N * queue) :=
  match front qu with
  | h :: t => Some (h, {| front := t; back := back qu |})
  | [] =>
      match rev_append (back qu) [] with
      | h :: t => Some (h, {| front := t; back := [] |})
      | [] => None
      end
  end.

Lemma contents_push x qu : contents (push x qu) = contents qu ++ [x].
Proof. unfold contents, push. simpl. rewrite app_assoc. reflexivity. Qed.

Lemma pop_some qu h t : contents qu = h :: t ->
  exists qu', pop qu = Some (h, qu') /\ contents qu' = t.
Proof.
  unfold contents, pop. destruct qu as [[|f fs] b]; simpl; intros E.
  - rewrite rev_append_rev, app_nil_r, E.
    exists {| front := t; back := [] |}. split; [reflexivity|]. unfold contents. simpl.
    apply app_nil_r.
  - injection E as -> <-. eexists. split; [reflexivity|]. reflexivity.
Qed.

(** ** Lanes: one queue per move *)

Fixpoint pop_lanes (x : N) (L : list (N * queue)) : list N * list (N * queue) :=
  match L with
  | [] => ([], [])
  | (s, qu) :: L' =>
      let (vs, L'') := pop_lanes x L' in
      if s <=? x then
        match pop qu with
        | Some (v, qu') => (v :: vs, (s, qu') :: L'')
        | None => (vs, (s, qu) :: L'')
        end
      else (vs, (s, qu) :: L'')
  end.

Definition push_lanes (g : N) (L : list (N * queue)) : list (N * queue) :=
  map (fun e => (fst e, push g (snd e))) L.

Record state := { pos : N; lanes : list (N * queue); record : table }.

Definition stream_step (want : N -> bool) (st : state) : state :=
  let x := pos st in
  let (vs, L) := pop_lanes x (lanes st) in
  let g := mexN vs in
  {| pos := N.succ x; lanes := push_lanes g L;
     record := if want x then set (record st) x g else record st |}.

Definition start (S : list N) : state :=
  {| pos := 0; lanes := map (fun s => (s, empty_queue)) S; record := PositiveMap.empty N |}.

(** G_S at the wanted positions of [0, n). *)
Definition run (S : list N) (want : N -> bool) (n : N) : table :=
  record (N.iter n (stream_step want) (start S)).

(** ** Correctness *)

Section Correct.
Variable S : list N.
Variable Hpos : positive_moves S.
Let Gv (y : nat) : N := N.of_nat (G (nats S) y).

(** G on [k - s, k) (all of [0, k) when s > k): a queue's contents. *)
Definition window (k s : nat) : list N := map Gv (seq (k - s) (k - (k - s))).

Lemma window_pop k s : (1 <= s <= k)%nat ->
  window k s = Gv (k - s)%nat :: map Gv (seq (Datatypes.S (k - s)) (s - 1)) /\
  map Gv (seq (Datatypes.S (k - s)) (s - 1)) ++ [Gv k] = window (Datatypes.S k) s.
Proof.
  intros H. unfold window. split.
  - replace (k - (k - s))%nat with (Datatypes.S (s - 1)) by lia. reflexivity.
  - replace (Datatypes.S k - (Datatypes.S k - s))%nat with (Datatypes.S (s - 1)) by lia.
    replace (Datatypes.S k - s)%nat with (Datatypes.S (k - s)) by lia.
    rewrite seq_S, map_app. simpl. repeat f_equal. lia.
Qed.

Lemma window_grow k s : (k < s)%nat -> window k s ++ [Gv k] = window (Datatypes.S k) s.
Proof.
  intros H. unfold window.
  replace (k - s)%nat with 0%nat by lia. replace (Datatypes.S k - s)%nat with 0%nat by lia.
  rewrite !Nat.sub_0_r, seq_S, map_app. reflexivity.
Qed.

Definition lanes_ok (k : nat) (L : list (N * queue)) : Prop :=
  forall s qu, In (s, qu) L -> 0 < s /\ contents qu = window k (N.to_nat s).

Lemma pop_lanes_spec k L : lanes_ok k L ->
  fst (pop_lanes (N.of_nat k) L) =
    map (fun s => Gv (k - s)%nat) (filter (fun s => (s <=? k)%nat) (map N.to_nat (map fst L))) /\
  map fst (snd (pop_lanes (N.of_nat k) L)) = map fst L /\
  (forall s qu, In (s, qu) (snd (pop_lanes (N.of_nat k) L)) ->
     0 < s /\ contents qu ++ [Gv k] = window (Datatypes.S k) (N.to_nat s)).
Proof.
  induction L as [|[s qu] L IH]; intros HL; simpl.
  - split; [reflexivity|split; [reflexivity|intros ? ? []]].
  - assert (HL' : lanes_ok k L) by (intros s' qu' H; apply HL; right; exact H).
    destruct (HL s qu (or_introl eq_refl)) as [Hs Hc].
    destruct (IH HL') as [IH1 [IH2 IH3]].
    destruct (pop_lanes (N.of_nat k) L) as [vs L'']. simpl in *.
    destruct (s <=? N.of_nat k) eqn:E.
    + apply N.leb_le in E.
      replace (N.to_nat s <=? k)%nat with true by (symmetry; apply Nat.leb_le; lia).
      destruct (window_pop k (N.to_nat s) ltac:(lia)) as [W1 W2].
      rewrite W1 in Hc. destruct (pop_some qu _ _ Hc) as [qu' [-> Hc']].
      simpl. split; [rewrite IH1; reflexivity|]. split; [rewrite IH2; reflexivity|].
      intros s' q'' [H|H].
      * injection H as <- <-. split; [exact Hs|]. rewrite Hc'. exact W2.
      * apply IH3, H.
    + apply N.leb_gt in E.
      replace (N.to_nat s <=? k)%nat with false by (symmetry; apply Nat.leb_gt; lia).
      simpl. split; [exact IH1|]. split; [rewrite IH2; reflexivity|].
      intros s' q'' [H|H].
      * injection H as <- <-. split; [exact Hs|]. rewrite Hc. apply window_grow. lia.
      * apply IH3, H.
Qed.

Lemma push_lanes_ok k g L :
  g = Gv k ->
  (forall s qu, In (s, qu) L -> 0 < s /\ contents qu ++ [Gv k] = window (Datatypes.S k) (N.to_nat s)) ->
  lanes_ok (Datatypes.S k) (push_lanes g L).
Proof.
  intros -> H s qu Hin. unfold push_lanes in Hin. apply in_map_iff in Hin as [[s' qu'] [E Hin]].
  simpl in E. injection E as <- <-. destruct (H s' qu' Hin) as [Hs Hc].
  split; [exact Hs|]. rewrite contents_push. exact Hc.
Qed.

Variable want : N -> bool.

Definition invariant (k : nat) (st : state) : Prop :=
  pos st = N.of_nat k /\ lanes_ok k (lanes st) /\ map fst (lanes st) = S /\
  forall y, (y < k)%nat -> want (N.of_nat y) = true -> get (record st) (N.of_nat y) = Gv y.

Lemma invariant_start : invariant 0 (start S).
Proof.
  unfold invariant, start. simpl. split; [reflexivity|]. split.
  - intros s qu Hin. apply in_map_iff in Hin as [s' [E Hs']]. injection E as -> <-.
    split; [apply Hpos, Hs'|]. reflexivity.
  - split; [|intros; lia]. rewrite map_map. apply map_id.
Qed.

Lemma invariant_step k st : invariant k st -> invariant (Datatypes.S k) (stream_step want st).
Proof.
  intros [Hx [HL [HS Hr]]]. unfold stream_step. rewrite Hx.
  destruct (pop_lanes_spec k _ HL) as [P1 [P2 P3]].
  destruct (pop_lanes (N.of_nat k) (lanes st)) as [vs L] eqn:E. simpl in P1, P2, P3.
  assert (Hg : mexN vs = Gv k).
  { rewrite P1, HS. unfold Gv. rewrite <- map_map with (f := fun s => (G (nats S) (k - s))) (g := N.of_nat).
    rewrite mexN_map. f_equal. symmetry.
    rewrite (G_is_nim_sequence (nats S) (nats_positive S Hpos) k). reflexivity. }
  split; [simpl; lia|]. split; [apply push_lanes_ok; assumption|]. split.
  - simpl. unfold push_lanes. rewrite map_map. simpl. rewrite <- HS, <- P2. reflexivity.
  - intros y Hy Hw. simpl. destruct (Nat.eq_dec y k) as [->|Hne].
    + rewrite Hw, get_set_eq. exact Hg.
    + assert (Hy' : (y < k)%nat) by lia.
      destruct (want (N.of_nat k)); [rewrite get_set_neq by lia|]; apply Hr; assumption.
Qed.

Theorem run_get n x :
  x < n -> want x = true -> get (run S want n) x = N.of_nat (G (nats S) (N.to_nat x)).
Proof.
  intros Hx Hw. unfold run. rewrite N2Nat.inj_iter.
  assert (H : forall k, invariant k (Nat.iter k (stream_step want) (start S))).
  { induction k; [apply invariant_start | apply invariant_step, IHk]. }
  destruct (H (N.to_nat n)) as [_ [_ [_ Hr]]].
  rewrite <- (N2Nat.id x) at 1. apply Hr; [lia | rewrite N2Nat.id; exact Hw].
Qed.
End Correct.
