(** * The [Periodic] checker for three moves, values packed in words (issue 39)

    [check_periodic_packed] decides nimcheck's [Periodic] rules, as
    [JudgeSmall.check_periodic_small] does, with G_S computed at a lower
    cost per position for the claims of the sweep campaigns, S = {a, b, c}
    (every other claim goes to [check_periodic_small]):

    - Values packed in words.  G_S is at most |S| = 3 (the mex of three
      options), two bits: K = min(30, a) consecutive values make one word,
      w = v_0 + 4 v_1 + ... + 4^(K-1) v_(K-1) ([dec] reads them back).  The
      values of the current, unfinished word are in [cur] (i of them,
      [mul] = 4^i); when K are there, the word is pushed on every lane.  A
      lane (one per move s, holding G_S on [x - s, x) as [Stream.window])
      is the rest of its oldest word ([h], [cnt] values: G(x - s) is
      h mod 4, then h := h / 4) and a two-list queue of whole words, so
      that a position costs a few shifts, and a cons only every K
      positions.  K <= a <= s makes the value G(x - s) always in a whole
      word (never in [cur]).
    - One loop ([loop]) whose state is its arguments: the extracted code
      allocates no state record per position, only Rule 1's windows (as
      in [JudgeSmall]), a cons per lane every K positions and a trie
      entry at each read position.  The loop runs on a unary fuel of at most 1,024
      positions ([block]), the blocks by [N.iter] ([run_n]).
    - Rules 2 and 3's positions (at most 24 in a true claim) sorted ([isort]) and taken
      in order ([pend]: one comparison per position, not a scan of their
      list).  If they were not all taken (the sort is not proved, only
      checked by this), the claim goes to [check_periodic_small].

    [check_periodic_packed_sound]: acceptance implies [periodic_claim], the
    statement of [Judge.check_periodic_sound].  [formal/judge/ExtractSmall.v]
    extracts it on OCaml's [int], with [check_periodic_small];
    docs/FORMAL.md, "Machine integers", bounds the values (words < 2^60). *)

From Coq Require Import List Arith Bool NArith Lia FMapPositive.
From Nimcert Require Import Mex Subtraction Period Primes Fast Stream Judge JudgeSmall.
Import ListNotations.

Local Open Scope N_scope.

(** ** Words *)

(** The [k] values of word [w], the first in its lowest two bits. *)
Fixpoint dec (k : nat) (w : N) : list N :=
  match k with O => [] | Datatypes.S k' => w mod 4 :: dec k' (w / 4) end.

Lemma dec_S k w : dec (Datatypes.S k) w = w mod 4 :: dec k (w / 4).
Proof. reflexivity. Qed.

Lemma dec_length k : forall w, length (dec k w) = k.
Proof. induction k as [|k IH]; intros w; simpl; [reflexivity|]. rewrite IH. reflexivity. Qed.

(** Appending a value g < 4 to the i values of [cur] < 4^i. *)
Lemma dec_push i : forall cur g, cur < 4 ^ N.of_nat i -> g < 4 ->
  dec (Datatypes.S i) (cur + g * 4 ^ N.of_nat i) = dec i cur ++ [g].
Proof.
  induction i as [|i IH]; intros cur g Hc Hg.
  - simpl in Hc. assert (cur = 0) by lia. subst cur. simpl.
    rewrite N.mul_1_r, N.mod_small by exact Hg. reflexivity.
  - rewrite Nat2N.inj_succ, N.pow_succ_r' in *.
    rewrite (dec_S (Datatypes.S i)), (dec_S i).
    replace (cur + g * (4 * 4 ^ N.of_nat i)) with (cur + g * 4 ^ N.of_nat i * 4) by ring.
    rewrite N.mod_add, N.div_add by lia. simpl app. f_equal.
    apply IH; [|exact Hg]. apply N.div_lt_upper_bound; lia.
Qed.

(** The values of a list of whole words. *)
Definition flat (K : nat) (l : list N) : list N := flat_map (dec K) l.

Lemma flat_length K l : length (flat K l) = (K * length l)%nat.
Proof.
  induction l as [|w l IH]; simpl; [lia|]. rewrite app_length, dec_length, IH. lia.
Qed.

Lemma flat_app K l m : flat K (l ++ m) = flat K l ++ flat K m.
Proof. apply flat_map_app. Qed.

(** ** The mex of three values *)

Definition has3 (k u v w : N) : bool := (u =? k) || (v =? k) || (w =? k).

Definition mex3 (u v w : N) : N :=
  if has3 0 u v w then
    if has3 1 u v w then
      if has3 2 u v w then 3 else 2
    else 1
  else 0.

Lemma has3_spec k u v w : has3 k u v w = true <-> u = k \/ v = k \/ w = k.
Proof.
  unfold has3. rewrite !orb_true_iff, !N.eqb_eq. tauto.
Qed.

Lemma has3_false k u v w : has3 k u v w = false -> u <> k /\ v <> k /\ w <> k.
Proof.
  unfold has3. intros H. apply orb_false_iff in H as [H H3]. apply orb_false_iff in H as [H1 H2].
  apply N.eqb_neq in H1, H2, H3. auto.
Qed.

Lemma mex3_spec u v w :
  mex3 u v w < 4 /\ u <> mex3 u v w /\ v <> mex3 u v w /\ w <> mex3 u v w /\
  forall j, j < mex3 u v w -> u = j \/ v = j \/ w = j.
Proof.
  unfold mex3.
  destruct (has3 0 u v w) eqn:H0; [destruct (has3 1 u v w) eqn:H1;
    [destruct (has3 2 u v w) eqn:H2|]|];
  repeat match goal with
         | H : has3 _ _ _ _ = true |- _ => apply has3_spec in H
         | H : has3 _ _ _ _ = false |- _ => apply has3_false in H
         end;
  repeat split; try lia.
Qed.

(** ** Rules 2 and 3's positions, sorted *)

Fixpoint insert (y : N) (l : list N) : list N :=
  match l with
  | [] => [y]
  | z :: t => if y <? z then y :: l else if y =? z then l else z :: insert y t
  end.

Definition isort (l : list N) : list N := fold_right insert [] l.

Lemma insert_In y l z : In z l \/ z = y -> In z (insert y l).
Proof.
  induction l as [|h t IH]; simpl; [intros [[] | ->]; auto|].
  intros H. destruct (y <? h); [simpl in *; intuition congruence|].
  destruct (y =? h) eqn:E; [apply N.eqb_eq in E; subst; simpl in *; intuition congruence|].
  simpl in *. intuition congruence.
Qed.

Lemma isort_In l z : In z l -> In z (isort l).
Proof.
  induction l as [|h t IH]; simpl; [tauto|].
  intros [-> | H]; apply insert_In; auto.
Qed.

(** ** The state and the loop *)

Record pk := { px : N; pcur : N; pidx : N; pmul : N;
               h1 : N; c1 : N; q1 : queue; h2 : N; c2 : N; q2 : queue;
               h3 : N; c3 : N; q3 : queue;
               pw1 : list N; pw2 : list N; ppend : list N; ptab : table }.

Section Loop.
Variables (K : N) (lo1 hi1 lo2 hi2 : N).

(** A lane of move s at position x: G(x - s) (4, no value, while s > x),
    then its oldest word's rest, count and queue after the read. *)
Definition lane_val (s x h cn : N) (qu : queue) : N :=
  if s <=? x then (if cn =? 0 then oldest qu mod 4 else h mod 4) else 4.

Definition lane_h (s x h cn : N) (qu : queue) : N :=
  if s <=? x then (if cn =? 0 then oldest qu / 4 else h / 4) else h.

Definition lane_cnt (s x cn : N) : N :=
  if s <=? x then (if cn =? 0 then K - 1 else cn - 1) else cn.

(** ... and the word [w] pushed when the current word is full. *)
Definition lane_q (s x cn : N) (qu : queue) (full : bool) (w : N) : queue :=
  let qu' := if (s <=? x) && (cn =? 0) then drop_oldest qu else qu in
  if full then push w qu' else qu'.

(** [f] positions from x.  Rule 1's windows as in [JudgeSmall.pass_step];
    G(x) recorded when x is the first pending position. *)
Definition loop (a b c : N) : nat -> N -> N -> N -> N -> N -> N -> queue -> N -> N -> queue ->
    N -> N -> queue -> list N -> list N -> list N -> table -> pk :=
  fix go f x cur i mul h1 c1 q1 h2 c2 q2 h3 c3 q3 w1 w2 pend tab :=
  match f with
  | O => {| px := x; pcur := cur; pidx := i; pmul := mul; h1 := h1; c1 := c1; q1 := q1;
            h2 := h2; c2 := c2; q2 := q2; h3 := h3; c3 := c3; q3 := q3;
            pw1 := w1; pw2 := w2; ppend := pend; ptab := tab |}
  | Datatypes.S f' =>
      let g := mex3 (lane_val a x h1 c1 q1) (lane_val b x h2 c2 q2) (lane_val c x h3 c3 q3) in
      let cur' := cur + g * mul in
      let full := N.succ i =? K in
      go f' (N.succ x) (if full then 0 else cur') (if full then 0 else N.succ i)
        (if full then 1 else mul * 4)
        (lane_h a x h1 c1 q1) (lane_cnt a x c1) (lane_q a x c1 q1 full cur')
        (lane_h b x h2 c2 q2) (lane_cnt b x c2) (lane_q b x c2 q2 full cur')
        (lane_h c x h3 c3 q3) (lane_cnt c x c3) (lane_q c x c3 q3 full cur')
        (if (lo1 <=? x) && (x <? hi1) then g :: w1 else w1)
        (if (lo2 <=? x) && (x <? hi2) then g :: w2 else w2)
        (match pend with y :: t => if y =? x then t else pend | [] => [] end)
        (match pend with y :: _ => if y =? x then set tab x g else tab | [] => tab end)
  end.

Definition run (a b c : N) (f : nat) (st : pk) : pk :=
  loop a b c f (px st) (pcur st) (pidx st) (pmul st) (h1 st) (c1 st) (q1 st)
    (h2 st) (c2 st) (q2 st) (h3 st) (c3 st) (q3 st) (pw1 st) (pw2 st) (ppend st) (ptab st).

(** One position, G(x) = g given: the body of [loop] on the record. *)
Definition step_with (a b c : N) (st : pk) (g : N) : pk :=
  let x := px st in
  let cur' := pcur st + g * pmul st in
  let full := N.succ (pidx st) =? K in
  {| px := N.succ x; pcur := if full then 0 else cur'; pidx := if full then 0 else N.succ (pidx st);
     pmul := if full then 1 else pmul st * 4;
     h1 := lane_h a x (h1 st) (c1 st) (q1 st); c1 := lane_cnt a x (c1 st);
     q1 := lane_q a x (c1 st) (q1 st) full cur';
     h2 := lane_h b x (h2 st) (c2 st) (q2 st); c2 := lane_cnt b x (c2 st);
     q2 := lane_q b x (c2 st) (q2 st) full cur';
     h3 := lane_h c x (h3 st) (c3 st) (q3 st); c3 := lane_cnt c x (c3 st);
     q3 := lane_q c x (c3 st) (q3 st) full cur';
     pw1 := if (lo1 <=? x) && (x <? hi1) then g :: pw1 st else pw1 st;
     pw2 := if (lo2 <=? x) && (x <? hi2) then g :: pw2 st else pw2 st;
     ppend := match ppend st with y :: t => if y =? x then t else ppend st | [] => [] end;
     ptab := match ppend st with y :: _ => if y =? x then set (ptab st) x g else ptab st
             | [] => ptab st end |}.

Definition step (a b c : N) (st : pk) : pk :=
  step_with a b c st (mex3 (lane_val a (px st) (h1 st) (c1 st) (q1 st))
    (lane_val b (px st) (h2 st) (c2 st) (q2 st)) (lane_val c (px st) (h3 st) (c3 st) (q3 st))).

Lemma run_S a b c f st : run a b c (Datatypes.S f) st = run a b c f (step a b c st).
Proof. reflexivity. Qed.

(** The unary fuel of a block, built once. *)
Definition block : nat := N.to_nat 1024.

(** n positions: n / 1024 blocks, then the rest. *)
Definition run_n (a b c n : N) (st : pk) : pk :=
  run a b c (N.to_nat (n mod 1024)) (N.iter (n / 1024) (run a b c block) st).

Definition start (reads : list N) : pk :=
  {| px := 0; pcur := 0; pidx := 0; pmul := 1; h1 := 0; c1 := 0; q1 := empty_queue;
     h2 := 0; c2 := 0; q2 := empty_queue; h3 := 0; c3 := 0; q3 := empty_queue;
     pw1 := []; pw2 := []; ppend := reads; ptab := PositiveMap.empty N |}.

(** ** What the state holds *)

Variables (a b c : N) (R : list N).
Let S := [a; b; c].
Let Gv (y : nat) : N := N.of_nat (G (nats S) y).
Let Kn := N.to_nat K.

Variable HK : 1 <= K.
Variable HKa : K <= a.
Variable Hab : a < b.
Variable Hbc : b < c.

(** A lane of move s: its values, then [cur]'s, are G_S on [k - s, k). *)
Definition lane_ok (k : nat) (i cur s h cn : N) (qu : queue) : Prop :=
  cn < K /\ dec (N.to_nat cn) h ++ flat Kn (contents qu) ++ dec (N.to_nat i) cur =
            window S k (N.to_nat s).

Definition inv (k : nat) (st : pk) : Prop :=
  px st = N.of_nat k /\ pidx st < K /\ pmul st = 4 ^ pidx st /\ pcur st < 4 ^ pidx st /\
  lane_ok k (pidx st) (pcur st) a (h1 st) (c1 st) (q1 st) /\
  lane_ok k (pidx st) (pcur st) b (h2 st) (c2 st) (q2 st) /\
  lane_ok k (pidx st) (pcur st) c (h3 st) (c3 st) (q3 st) /\
  pw1 st = fold_left (select S lo1 hi1) (seq 0 k) [] /\
  pw2 st = fold_left (select S lo2 hi2) (seq 0 k) [] /\
  forall y, In y R -> In y (ppend st) \/ ((N.to_nat y < k)%nat /\ get (ptab st) y = Gv (N.to_nat y)).

Lemma inv_start : inv 0 (start (isort R)).
Proof.
  unfold inv, start, lane_ok. cbn [px pcur pidx pmul h1 c1 q1 h2 c2 q2 h3 c3 q3 pw1 pw2 ppend ptab].
  unfold window. simpl. repeat split; try lia.
  intros y Hy. left. apply isort_In, Hy.
Qed.

Lemma window_length k s : (s <= k)%nat -> length (window S k s) = s.
Proof. intros H. unfold window. rewrite map_length, seq_length. lia. Qed.

(** The read of one lane, and the lane after G(k) is appended. *)
Lemma lane_step k i cur s h cn qu g :
  (K <= s) -> i < K -> cur < 4 ^ i ->
  lane_ok k i cur s h cn qu ->
  (lane_val s (N.of_nat k) h cn qu = if (N.to_nat s <=? k)%nat then Gv (k - N.to_nat s) else 4) /\
  (g = Gv k -> g < 4 -> let full := N.succ i =? K in
  lane_ok (Datatypes.S k) (if full then 0 else N.succ i) (if full then 0 else cur + g * 4 ^ i) s
    (lane_h s (N.of_nat k) h cn qu) (lane_cnt s (N.of_nat k) cn)
    (lane_q s (N.of_nat k) cn qu full (cur + g * 4 ^ i))).
Proof.
  intros Hs Hi Hc [Hcn Hl].
  assert (Ecur : g < 4 -> dec (Datatypes.S (N.to_nat i)) (cur + g * 4 ^ i) = dec (N.to_nat i) cur ++ [g]).
  { pose proof (dec_push (N.to_nat i) cur g) as D. rewrite N2Nat.id in D. exact (D Hc). }
  (* after the read: the values [V'] then cur's, for any new head and queue *)
  assert (Hafter : g < 4 -> forall h' cn' qu', cn' < K ->
    dec (N.to_nat cn') h' ++ flat Kn (contents qu') ++ dec (N.to_nat i) cur ++ [g] =
      window S (Datatypes.S k) (N.to_nat s) ->
    lane_ok (Datatypes.S k) (if N.succ i =? K then 0 else N.succ i)
      (if N.succ i =? K then 0 else cur + g * 4 ^ i) s h' cn'
      (if N.succ i =? K then push (cur + g * 4 ^ i) qu' else qu')).
  { intros Hg4 h' cn' qu' Hcn' E. specialize (Ecur Hg4). split; [exact Hcn'|]. rewrite <- E.
    destruct (N.succ i =? K) eqn:F.
    - apply N.eqb_eq in F. rewrite contents_push, flat_app. simpl flat.
      unfold flat at 2. simpl. rewrite app_nil_r.
      replace Kn with (Datatypes.S (N.to_nat i)) by (unfold Kn; lia).
      rewrite Ecur. unfold flat. simpl. rewrite ?app_nil_r, !app_assoc. reflexivity.
    - rewrite N2Nat.inj_succ, Ecur, !app_assoc. reflexivity. }
  unfold lane_val, lane_h, lane_cnt, lane_q.
  destruct (N.to_nat s <=? k)%nat eqn:Es.
  - apply Nat.leb_le in Es.
    replace (s <=? N.of_nat k) with true by (symmetry; apply N.leb_le; lia).
    destruct (window_pop S k (N.to_nat s) ltac:(lia)) as [W1 W2].
    fold Gv in W1, W2. rewrite W1 in Hl.
    destruct (cn =? 0) eqn:Ecn.
    + apply N.eqb_eq in Ecn. subst cn. simpl in Hl |- *.
      destruct (contents qu) as [|w ws] eqn:Eq.
      * exfalso. pose proof (f_equal (@length N) Hl) as L.
        simpl in L. rewrite map_length, seq_length, dec_length in L. lia.
      * rewrite (oldest_spec qu w ws Eq).
        change (flat Kn (w :: ws)) with (dec Kn w ++ flat Kn ws) in Hl.
        replace (dec Kn w) with (dec (Datatypes.S (Kn - 1)) w) in Hl by (f_equal; unfold Kn; lia).
        rewrite dec_S in Hl. cbn [app] in Hl. injection Hl as Hv Hl.
        split; [rewrite Hv; reflexivity|]. intros Hg Hg4. cbv zeta.
        apply Hafter; [exact Hg4|lia|]. rewrite <- W2, <- Hl.
        replace (N.to_nat (K - 1)) with (Kn - 1)%nat by (unfold Kn; lia).
        rewrite (drop_oldest_spec qu w ws Eq). subst g. rewrite !app_assoc. reflexivity.
    + apply N.eqb_neq in Ecn.
      replace (N.to_nat cn) with (Datatypes.S (N.to_nat (cn - 1))) in Hl by lia.
      rewrite dec_S in Hl. simpl in Hl. injection Hl as Hv Hl.
      split; [rewrite Hv; reflexivity|]. simpl. intros Hg Hg4. cbv zeta.
      apply Hafter; [exact Hg4|lia|]. rewrite <- W2, <- Hl. subst g. rewrite !app_assoc. reflexivity.
  - apply Nat.leb_gt in Es.
    replace (s <=? N.of_nat k) with false by (symmetry; apply N.leb_gt; lia). simpl.
    split; [reflexivity|]. intros Hg Hg4. cbv zeta. apply Hafter; [exact Hg4|exact Hcn|].
    rewrite <- window_grow by lia. fold Gv. rewrite <- Hl. subst g. rewrite !app_assoc. reflexivity.
Qed.

Lemma positive_S : positive_moves S.
Proof. intros s Hs. simpl in Hs. lia. Qed.

(** The mex of the three lanes' reads is G(k). *)
Lemma mex3_G k u v w :
  u = (if (N.to_nat a <=? k)%nat then Gv (k - N.to_nat a) else 4) ->
  v = (if (N.to_nat b <=? k)%nat then Gv (k - N.to_nat b) else 4) ->
  w = (if (N.to_nat c <=? k)%nat then Gv (k - N.to_nat c) else 4) ->
  mex3 u v w = Gv k.
Proof.
  intros Hu Hv Hw.
  destruct (mex3_spec u v w) as [M4 [Mu [Mv [Mw Mlow]]]].
  set (m := mex3 u v w) in *. clearbody m.
  unfold Gv in *. rewrite (G_is_nim_sequence (nats S) (nats_positive S positive_S) k).
  rewrite <- (N2Nat.id m). f_equal. symmetry. apply mex_unique;
  unfold options, S, nats in *; simpl map in *; simpl filter;
  destruct (N.to_nat a <=? k)%nat, (N.to_nat b <=? k)%nat, (N.to_nat c <=? k)%nat;
  simpl; subst u v w.
  all: try (intros Hin; intuition lia).
  all: intros j Hj; destruct (Mlow (N.of_nat j) ltac:(lia)) as [E|[E|E]]; lia.
Qed.

Lemma select_step lo hi k l (g : N) : g = Gv k ->
  (if (lo <=? N.of_nat k) && (N.of_nat k <? hi) then g :: l else l) = select S lo hi l k.
Proof. intros ->. reflexivity. Qed.

Lemma inv_step k st : inv k st -> inv (Datatypes.S k) (step a b c st).
Proof.
  intros [Hx [Hi [Hm [Hc [L1 [L2 [L3 [W1 [W2 Hr]]]]]]]]].
  unfold step. rewrite Hx.
  set (g := mex3 _ _ _).
  assert (Hg4 : g < 4) by apply mex3_spec.
  assert (HKb : K <= b) by lia. assert (HKc : K <= c) by lia.
  destruct (lane_step k _ _ a _ _ _ g HKa Hi Hc L1) as [V1 L1'].
  destruct (lane_step k _ _ b _ _ _ g HKb Hi Hc L2) as [V2 L2'].
  destruct (lane_step k _ _ c _ _ _ g HKc Hi Hc L3) as [V3 L3'].
  assert (Hg : g = Gv k) by (apply mex3_G; assumption).
  specialize (L1' Hg Hg4). specialize (L2' Hg Hg4). specialize (L3' Hg Hg4).
  unfold step_with, inv. rewrite Hm. cbv zeta. cbn [px pcur pidx pmul h1 c1 q1 h2 c2 q2 h3 c3 q3 pw1 pw2 ppend ptab]. rewrite Hx.
  split; [lia|].
  split; [destruct (N.succ (pidx st) =? K) eqn:F; [lia | apply N.eqb_neq in F; lia]|].
  split; [destruct (N.succ (pidx st) =? K); [reflexivity | rewrite N.pow_succ_r'; lia]|].
  split; [destruct (N.succ (pidx st) =? K); [simpl; lia | rewrite N.pow_succ_r'; nia]|].
  split; [exact L1'|]. split; [exact L2'|]. split; [exact L3'|].
  split; [rewrite seq_S, fold_left_app, <- W1; apply select_step, Hg|].
  split; [rewrite seq_S, fold_left_app, <- W2; apply select_step, Hg|].
  intros y Hy. destruct (Hr y Hy) as [Hp|[Hlt Hget]].
  - destruct (ppend st) as [|z t]; [destruct Hp|].
    destruct (z =? N.of_nat k) eqn:Ez.
    + apply N.eqb_eq in Ez. destruct Hp as [<-|Hp]; [right|left; exact Hp].
      subst z. rewrite Nat2N.id, get_set_eq. split; [lia | exact Hg].
    + left. exact Hp.
  - right. split; [lia|]. destruct (ppend st) as [|z t]; [exact Hget|].
    destruct (z =? N.of_nat k) eqn:Ez; [|exact Hget].
    rewrite get_set_neq by lia. exact Hget.
Qed.

Lemma inv_run f : forall k st, inv k st -> inv (k + f) (run a b c f st).
Proof.
  induction f as [|f IH]; intros k st H.
  - rewrite Nat.add_0_r. destruct st. exact H.
  - rewrite run_S. replace (k + Datatypes.S f)%nat with (Datatypes.S k + f)%nat by lia.
    apply IH, inv_step, H.
Qed.

Lemma block_eq : block = 1024%nat.
Proof. reflexivity. Qed.

Theorem inv_run_n n k st : inv k st -> inv (k + N.to_nat n) (run_n a b c n st).
Proof.
  intros H. unfold run_n. rewrite N2Nat.inj_iter.
  assert (Hb : forall m, inv (k + m * 1024) (Nat.iter m (run a b c block) st)).
  { induction m as [|m IH]; [replace (k + 0 * 1024)%nat with k by lia; exact H|].
    cbn [Nat.iter].
    replace (k + Datatypes.S m * 1024)%nat with (k + m * 1024 + block)%nat by (rewrite block_eq; lia).
    apply inv_run, IH. }
  pose proof (inv_run (N.to_nat (n mod 1024)) _ _ (Hb (N.to_nat (n / 1024)))) as I.
  replace (k + N.to_nat n)%nat with (k + N.to_nat (n / 1024) * 1024 + N.to_nat (n mod 1024))%nat.
  - exact I.
  - pose proof (N.div_mod n 1024 ltac:(lia)). lia.
Qed.

End Loop.

(** ** The checker *)

(** A [Periodic] claim (or a line of a [PeriodicTable]) with every number
    below 2^40: three moves by [run_n], any other number by
    [check_periodic_small]; [false] for any other claim. *)
Definition check_periodic_packed (S : list N) (q p : N) (ws : list (N * N)) : bool :=
  match S with
  | [a; b; c] =>
      claim_small S q p ws && movesN_ok S && (0 <? p) &&
      let n := q + p + c in
      let st := run_n (N.min 30 a) q (q + c) (q + p) n a b c n
                  (start (isort (read_positions q p ws))) in
      match ppend st with
      | [] =>
          let t := ptab st in
          list_eqb (pw1 st) (pw2 st) &&
          minimalityN_ok p ws (fun x d => (q <=? x) && negb (vt q p t x =? vt q p t (x + d))) &&
          (if q =? 0 then true else negb (vt q p t (q - 1) =? vt q p t (q - 1 + p)))
      | _ :: _ => check_periodic_small S q p ws
      end
  | _ => check_periodic_small S q p ws
  end.

Theorem check_periodic_packed_sound S q p ws :
  check_periodic_packed S q p ws = true -> periodic_claim (nats S) (N.to_nat q) (N.to_nat p).
Proof.
  unfold check_periodic_packed.
  destruct S as [|a [|b [|c [|d S']]]]; try apply check_periodic_small_sound.
  intros H. apply andb_true_iff in H as [H0 H]. apply andb_true_iff in H0 as [H0 Hp].
  apply andb_true_iff in H0 as [_ Hm]. apply N.ltb_lt in Hp. cbv zeta in H.
  pose proof (movesN_ok_positive _ Hm) as Hpos.
  assert (Hab : a < b /\ b < c).
  { simpl in Hm. apply andb_true_iff in Hm as [_ Hm]. apply andb_true_iff in Hm as [E1 Hm].
    apply andb_true_iff in Hm as [E2 _]. apply N.ltb_lt in E1, E2. lia. }
  assert (Ha : 0 < a) by (apply Hpos; simpl; auto).
  set (R := read_positions q p ws) in H.
  set (st := run_n (N.min 30 a) q (q + c) (q + p) (q + p + c) a b c (q + p + c) (start (isort R))) in H.
  destruct (ppend st) as [|y ys] eqn:Ep; [|exact (check_periodic_small_sound _ _ _ _ H)].
  assert (HK : 1 <= N.min 30 a) by lia. assert (HKa : N.min 30 a <= a) by lia.
  pose proof (inv_run_n (N.min 30 a) q (q + c) (q + p) (q + p + c) a b c R
    HK HKa (proj1 Hab) (proj2 Hab) (q + p + c) 0 _
    (inv_start (N.min 30 a) q (q + c) (q + p) (q + p + c) a b c R HK HKa (proj1 Hab) (proj2 Hab)))
    as [_ [_ [_ [_ [_ [_ [_ [W1 [W2 Hr]]]]]]]]].
  fold st in W1, W2, Hr. rewrite Ep in Hr.
  set (S := [a; b; c]) in *.
  assert (Hc : maxN S = c) by (simpl; lia).
  apply andb_true_iff in H as [H Hpre]. apply andb_true_iff in H as [Hwin Hmin].
  rewrite <- Hc in W1, W2.
  rewrite fold_select_window in W1, W2 by (rewrite Hc; lia).
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
  assert (HV : forall x, In (reduce q p x) R ->
                 vt q p (ptab st) x = N.of_nat (GS (N.to_nat x))).
  { intros x Hin. apply vt_G_at; [exact Hp | exact Hper|].
    destruct (Hr _ Hin) as [[]|[_ E]]. exact E. }
  split; [|split; [exact Hper|]].
  - (* Rule 2 *)
    apply (least_period_of_witnesses GS (N.to_nat q) (N.to_nat p) ltac:(lia) Hper).
    intros r Hr' Hd.
    destruct (minimalityN_ok_spec _ _ _ Hmin r Hr' Hd) as [x [Hin Hx]].
    apply andb_true_iff in Hx as [Hqx Hne]. apply N.leb_le in Hqx.
    exists (N.to_nat x). split; [lia|].
    rewrite !HV in Hne by (unfold R, read_positions; apply in_or_app; left; apply in_flat_map;
      exists (N.of_nat r, x); split; [exact Hin | simpl; auto]).
    intros E. apply negb_true_iff, N.eqb_neq in Hne. apply Hne.
    f_equal. rewrite N2Nat.inj_add, N2Nat.inj_div, Nat2N.id. auto.
  - (* Rule 3 *)
    apply least_preperiod_of_witness.
    destruct (q =? 0) eqn:Eq; [left; apply N.eqb_eq in Eq; rewrite Eq; reflexivity|right].
    rewrite !HV in Hpre by (unfold R, read_positions; apply in_or_app; right; rewrite Eq; simpl; auto).
    intros E. apply negb_true_iff, N.eqb_neq in Hpre. apply Hpre. f_equal.
    rewrite N2Nat.inj_add, N2Nat.inj_sub. change (N.to_nat 1) with 1%nat.
    exact E.
Qed.
