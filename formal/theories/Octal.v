(** * Octal games: the rule, its solution, and the periodicity theorem

    An octal game is given by its code d0.d1d2...dt, written here as the
    list [code = [d0; d1; ...; dt]] (checker/src/octal.rs, module docs).
    From a heap of n tokens a move removes k tokens, 0 <= k <= t, and then,
    as the digit d_k allows,
    - bit 1 ([Nat.testbit d 0]): leaves no heap, only when n = k;
    - bit 2 ([Nat.testbit d 1]): leaves one heap of n - k, only when n > k;
    - bit 4 ([Nat.testbit d 2]): leaves two non-empty heaps a + b = n - k;
    - bit 8 ([Nat.testbit d 3]): leaves three non-empty heaps
      a + b + c = n - k (hexadecimal digits 8..15).
    This file covers the codes whose digits are 0..15 and whose d0 has
    neither bit 1 nor bit 2 (a move that removes nothing must split; so d0
    is 0, 4, 8 or 12, as nimcheck reads it): [octal_code].

    The value of a heap is the mex of the values of its options, two or
    three heaps having the nim-sum (xor) of their values (Sprague-Grundy;
    Winning Ways, ch. 4).  [octal_rule code g] says exactly that of [g];
    it is the statement the exported theorems are about, and it is trusted:
    read it.  [octal_G] computes a solution ([octal_G_rule]), the only one
    ([octal_rule_unique]), and [octal_periodicity] is the Octal Periodicity
    Theorem (Guy and Smith 1956) with the range nimcheck checks. *)

From Coq Require Import List Arith Bool Lia.
From Nimcert Require Import Mex Subtraction.
Import ListNotations.

(** ** The game (the trusted statement) *)

(** d_k, for 0 <= k <= t (0 beyond). *)
Definition digit (code : list nat) (k : nat) : nat := nth k code 0.

(** [v] is the value of an option of a heap of [n], when heaps are valued
    by [g]: no heap (value 0), one heap [n - k], two non-empty heaps
    [a + b = n - k] (value [g a] xor [g b]), or three non-empty heaps
    [a + b + c = n - k] (value [g a] xor [g b] xor [g c]). *)
Definition option_value (code : list nat) (g : nat -> nat) (n v : nat) : Prop :=
  exists k, k < length code /\
    ((Nat.testbit (digit code k) 0 = true /\ k = n /\ v = 0) \/
     (Nat.testbit (digit code k) 1 = true /\ k < n /\ v = g (n - k)) \/
     (Nat.testbit (digit code k) 2 = true /\
        exists a b, 0 < a /\ 0 < b /\ a + b + k = n /\ v = Nat.lxor (g a) (g b)) \/
     (Nat.testbit (digit code k) 3 = true /\
        exists a b c, 0 < a /\ 0 < b /\ 0 < c /\ a + b + c + k = n /\
                      v = Nat.lxor (Nat.lxor (g a) (g b)) (g c))).

(** The mex rule: [g n] is not an option value of [n], and every smaller
    number is. *)
Definition octal_rule (code : list nat) (g : nat -> nat) : Prop :=
  forall n, ~ option_value code g n (g n) /\
            forall w, w < g n -> option_value code g n w.

(** The codes covered: digits 0..15, and d0 has neither bit 1 nor bit 2. *)
Definition octal_code (code : list nat) : Prop :=
  Forall (fun d => d < 16) code /\
  Nat.testbit (digit code 0) 0 = false /\ Nat.testbit (digit code 0) 1 = false.

(** ** The rule has at most one solution *)

(** Two heaps valued by solutions, with the same option values, have the
    same value. *)
Lemma rule_values_eq code g1 g2 n m :
  octal_rule code g1 -> octal_rule code g2 ->
  (forall v, option_value code g1 n v <-> option_value code g2 m v) -> g1 n = g2 m.
Proof.
  intros H1 H2 E. destruct (H1 n) as [N1 B1], (H2 m) as [N2 B2].
  destruct (lt_eq_lt_dec (g1 n) (g2 m)) as [[L|Q]|L]; [exfalso | exact Q | exfalso].
  - apply N1, (proj2 (E _)), B2, L.
  - apply N2, (proj1 (E _)), B1, L.
Qed.

(** The options of [n] read [g] below [n] only. *)
Lemma option_value_below code g1 g2 n v :
  octal_code code -> (forall m, m < n -> g1 m = g2 m) ->
  option_value code g1 n v -> option_value code g2 n v.
Proof.
  intros [_ [_ B1]] E [k [Hk [A|[[Hb [Hkn ->]]|[[Hb [a [b [Ha [Hb0 [Hs ->]]]]]]|
    [Hb [a [b [c [Ha [Hb0 [Hc0 [Hs ->]]]]]]]]]]]]];
    exists k; split; auto.
  - right; left. destruct k as [|k]; [congruence|].
    split; [exact Hb|]. split; [exact Hkn|]. apply E. lia.
  - right; right; left. split; [exact Hb|]. exists a, b.
    rewrite !E by lia. auto.
  - right; right; right. split; [exact Hb|]. exists a, b, c.
    rewrite !E by lia. auto 10.
Qed.

Theorem octal_rule_unique code g1 g2 :
  octal_code code -> octal_rule code g1 -> octal_rule code g2 -> forall n, g1 n = g2 n.
Proof.
  intros Hc H1 H2 n. induction n as [n IH] using lt_wf_ind.
  apply (rule_values_eq code g1 g2 n n H1 H2). intros v. split;
    apply option_value_below; auto. intros m Hm. symmetry. auto.
Qed.

(** ** The solution, computed in increasing n *)

(** [xors [x1; ...] [y1; ...]] = [x1 xor y1; ...], as long as the shorter. *)
Fixpoint xors (l1 l2 : list nat) : list nat :=
  match l1, l2 with
  | a :: l1', b :: l2' => Nat.lxor a b :: xors l1' l2'
  | _, _ => []
  end.

(** The option values of a heap of [n], given [desc = [G(n-1); ...; G(0)]].
    With [asc = [G(0); ...; G(n-1)]], the splits of s = n - k are the pairs
    (a, s - a), 1 <= a <= s/2: [G(a)] is entry a of [asc], [G(s - a)] entry
    [k + a - 1] of [desc].  The splits of s = n - k into three heaps are,
    for each first heap 1 <= a <= s - 2, [G(a)] xor the pairs of
    s - a = n - (k + a) (every order of the three heaps is listed at least
    once; nimcheck lists a <= b <= c only, the same values).  An [if], not
    [&&], so that the virtual machine lists the splits only for digits that
    have bit 4 (or 8). *)
Definition options_at (code desc : list nat) (n : nat) : list nat :=
  let asc := rev_append desc [] in
  flat_map (fun k =>
    let d := digit code k in
    (if Nat.testbit d 0 then if k =? n then [0] else [] else []) ++
    (if Nat.testbit d 1 then if k <? n then [nth (k - 1) desc 0] else [] else []) ++
    (if Nat.testbit d 2 then
       if k + 2 <=? n then xors (firstn (Nat.div2 (n - k)) (tl asc)) (skipn k desc)
       else []
     else []) ++
    (if Nat.testbit d 3 then
       if k + 3 <=? n then
         flat_map (fun a =>
           map (Nat.lxor (nth a asc 0))
             (xors (firstn (Nat.div2 (n - (k + a))) (tl asc)) (skipn (k + a) desc)))
           (seq 1 (n - (k + 2)))
       else []
     else []))
    (seq 0 (length code)).

(** [G(n-1); ...; G(0)], newest first. *)
Fixpoint octal_history (code : list nat) (n : nat) : list nat :=
  match n with
  | 0 => []
  | S m => let h := octal_history code m in mex (options_at code h m) :: h
  end.

Definition octal_G (code : list nat) (n : nat) : nat := hd 0 (octal_history code (S n)).

(** [G(0); ...; G(n-1)]: what the checker reads. *)
Definition octal_prefix (code : list nat) (n : nat) : list nat :=
  rev_append (octal_history code n) [].

Lemma octal_history_length code n : length (octal_history code n) = n.
Proof. induction n; simpl; auto. Qed.

Lemma octal_history_nth code n i :
  i < n -> nth i (octal_history code n) 0 = octal_G code (n - 1 - i).
Proof.
  revert i. induction n as [|n IH]; intros i Hi; [lia|].
  destruct i as [|j].
  - unfold octal_G. replace (S n - 1 - 0) with n by lia. reflexivity.
  - simpl nth. rewrite IH by lia. f_equal. lia.
Qed.

Lemma octal_prefix_length code n : length (octal_prefix code n) = n.
Proof.
  unfold octal_prefix. rewrite <- rev_alt, rev_length. apply octal_history_length.
Qed.

Lemma octal_prefix_nth code n i : i < n -> nth i (octal_prefix code n) 0 = octal_G code i.
Proof.
  intros H. unfold octal_prefix. rewrite <- rev_alt.
  rewrite rev_nth by (rewrite octal_history_length; lia).
  rewrite octal_history_length, octal_history_nth by lia. f_equal. lia.
Qed.

(** *** List facts for [options_at] *)

Lemma xors_In l1 l2 v :
  In v (xors l1 l2) <->
  exists i, i < length l1 /\ i < length l2 /\ v = Nat.lxor (nth i l1 0) (nth i l2 0).
Proof.
  revert l2. induction l1 as [|a l1 IH]; intros [|b l2]; simpl.
  - split; [intros []|intros [i [H _]]; lia].
  - split; [intros []|intros [i [H _]]; lia].
  - split; [intros []|intros [i [_ [H _]]]; lia].
  - rewrite IH. split.
    + intros [<-|[i [H1 [H2 ->]]]]; [exists 0; repeat split; lia|].
      exists (S i). repeat split; auto; lia.
    + intros [[|i] [H1 [H2 ->]]]; [left; auto|right].
      exists i. repeat split; auto; lia.
Qed.

Lemma nth_skipn_add {A} k (l : list A) i d : nth i (skipn k l) d = nth (k + i) l d.
Proof.
  revert l. induction k as [|k IH]; intros [|a l]; simpl; auto. destruct i; auto.
Qed.

Lemma nth_tl {A} (l : list A) i d : nth i (tl l) d = nth (S i) l d.
Proof. destruct l; simpl; auto. destruct i; auto. Qed.

Lemma nth_firstn_below {A} m (l : list A) i d : i < m -> nth i (firstn m l) d = nth i l d.
Proof.
  revert m l. induction i as [|i IH]; intros [|m] [|a l] H; simpl; auto; try lia.
  apply IH. lia.
Qed.

Lemma div2_bounds s : 2 * Nat.div2 s <= s <= 2 * Nat.div2 s + 1.
Proof. pose proof (Nat.div2_odd s). destruct (Nat.odd s); simpl in *; lia. Qed.

(** The split values computed for s = n - k are those of [option_value]. *)
Lemma splits_In code n k v :
  k + 2 <= n ->
  In v (xors (firstn (Nat.div2 (n - k)) (tl (octal_prefix code n)))
             (skipn k (octal_history code n))) <->
  exists a b, 0 < a /\ 0 < b /\ a + b + k = n /\
              v = Nat.lxor (octal_G code a) (octal_G code b).
Proof.
  intros Hn. pose proof (div2_bounds (n - k)) as D.
  fold (rev_append (octal_history code n) []).
  rewrite xors_In, firstn_length, skipn_length, octal_history_length.
  assert (Ht : length (tl (octal_prefix code n)) = n - 1).
  { destruct (octal_prefix code n) eqn:E; simpl;
      pose proof (octal_prefix_length code n) as L; rewrite E in L; simpl in L; lia. }
  rewrite Ht. split.
  - intros [i [H1 [H2 ->]]].
    rewrite nth_firstn_below, nth_tl, nth_skipn_add, octal_prefix_nth,
      octal_history_nth by lia.
    exists (S i), (n - 1 - (k + i)). repeat split; try lia.
  - intros [a [b [Ha [Hb [Hs ->]]]]].
    (* the smaller heap first *)
    assert (Hsym : forall x y, 0 < x -> x <= y -> x + y + k = n ->
      exists i, i < Nat.min (Nat.div2 (n - k)) (n - 1) /\ i < n - k /\
        Nat.lxor (octal_G code x) (octal_G code y) =
        Nat.lxor (nth i (firstn (Nat.div2 (n - k)) (tl (octal_prefix code n))) 0)
                 (nth i (skipn k (octal_history code n)) 0)).
    { intros x y Hx Hxy Hxs. exists (x - 1). repeat split; try lia.
      rewrite nth_firstn_below, nth_tl, nth_skipn_add, octal_prefix_nth,
        octal_history_nth by lia.
      f_equal; f_equal; lia. }
    destruct (le_lt_dec a b) as [Hab|Hab].
    + apply Hsym; lia.
    + rewrite Nat.lxor_comm. apply Hsym; lia.
Qed.

(** The three-heap split values computed for s = n - k are those of
    [option_value]. *)
Lemma triples_In code n k v :
  k + 3 <= n ->
  In v (flat_map (fun a =>
          map (Nat.lxor (nth a (octal_prefix code n) 0))
            (xors (firstn (Nat.div2 (n - (k + a))) (tl (octal_prefix code n)))
                  (skipn (k + a) (octal_history code n))))
          (seq 1 (n - (k + 2)))) <->
  exists a b c, 0 < a /\ 0 < b /\ 0 < c /\ a + b + c + k = n /\
                v = Nat.lxor (Nat.lxor (octal_G code a) (octal_G code b)) (octal_G code c).
Proof.
  intros Hn. rewrite in_flat_map. split.
  - intros [a [Ha Hv]]. apply in_seq in Ha. apply in_map_iff in Hv as [w [<- Hw]].
    apply splits_In in Hw; [|lia]. destruct Hw as [b [c [Hb [Hc [Hs ->]]]]].
    rewrite octal_prefix_nth by lia.
    exists a, b, c. repeat split; try lia. rewrite Nat.lxor_assoc. reflexivity.
  - intros [a [b [c [Ha [Hb [Hc [Hs ->]]]]]]]. exists a. split; [apply in_seq; lia|].
    apply in_map_iff. exists (Nat.lxor (octal_G code b) (octal_G code c)).
    rewrite octal_prefix_nth by lia. split; [rewrite Nat.lxor_assoc; reflexivity|].
    apply splits_In; [lia|]. exists b, c. repeat split; auto; lia.
Qed.

(** The list computed is the set of option values. *)
Lemma options_at_In code n v :
  octal_code code ->
  In v (options_at code (octal_history code n) n) <->
  option_value code (octal_G code) n v.
Proof.
  intros [_ [_ B1]]. unfold options_at. cbv zeta. rewrite in_flat_map.
  split.
  - intros [k [Hk Hv]]. apply in_seq in Hk. exists k. split; [lia|].
    apply in_app_iff in Hv as [Hv|Hv];
      [|apply in_app_iff in Hv as [Hv|Hv]; [|apply in_app_iff in Hv as [Hv|Hv]]].
    + left. destruct (Nat.testbit (digit code k) 0) eqn:B, (k =? n) eqn:E; simpl in Hv;
        try contradiction. apply Nat.eqb_eq in E.
      destruct Hv as [<-|[]]. auto.
    + right; left. destruct (Nat.testbit (digit code k) 1) eqn:B, (k <? n) eqn:E; simpl in Hv;
        try contradiction. apply Nat.ltb_lt in E. destruct Hv as [<-|[]].
      destruct k as [|k]; [congruence|].
      rewrite octal_history_nth by lia. repeat split; auto. f_equal. lia.
    + right; right; left. destruct (Nat.testbit (digit code k) 2) eqn:B, (k + 2 <=? n) eqn:E;
        simpl in Hv; try contradiction. apply Nat.leb_le in E.
      split; [reflexivity|]. apply (splits_In code n k v E), Hv.
    + right; right; right. destruct (Nat.testbit (digit code k) 3) eqn:B, (k + 3 <=? n) eqn:E;
        try (simpl in Hv; contradiction). apply Nat.leb_le in E.
      split; [reflexivity|]. apply (triples_In code n k v E), Hv.
  - intros [k [Hk H]]. exists k. split; [apply in_seq; lia|].
    destruct H as [[B [-> ->]]|[[B [Hkn ->]]|[[B [a [b [Ha [Hb [Hs ->]]]]]]|
      [B [a [b [c [Ha [Hb [Hc [Hs ->]]]]]]]]]]].
    + rewrite B, Nat.eqb_refl. simpl. auto.
    + apply in_app_iff; right; apply in_app_iff; left.
      apply Nat.ltb_lt in Hkn as E. rewrite B, E.
      destruct k as [|k]; [congruence|].
      left. rewrite octal_history_nth by lia. f_equal. lia.
    + apply in_app_iff; right; apply in_app_iff; right; apply in_app_iff; left.
      assert (E : k + 2 <=? n = true) by (apply Nat.leb_le; lia).
      rewrite B, E. apply splits_In; [lia|]. exists a, b. auto.
    + apply in_app_iff; right; apply in_app_iff; right; apply in_app_iff; right.
      assert (E : k + 3 <=? n = true) by (apply Nat.leb_le; lia).
      rewrite B, E. apply triples_In; [lia|]. exists a, b, c. auto 10.
Qed.

Theorem octal_G_rule code : octal_code code -> octal_rule code (octal_G code).
Proof.
  intros Hc n.
  assert (E : octal_G code n = mex (options_at code (octal_history code n) n)) by reflexivity.
  split.
  - rewrite <- options_at_In by exact Hc. rewrite E. apply mex_not_In.
  - intros w Hw. apply options_at_In; [exact Hc|]. rewrite E in Hw.
    apply mex_below_In, Hw.
Qed.

(** So the solutions of the rule are exactly the functions equal to
    [octal_G] everywhere. *)
Corollary octal_G_unique code g :
  octal_code code -> octal_rule code g -> forall n, g n = octal_G code n.
Proof. intros Hc Hg. apply (octal_rule_unique code); auto using octal_G_rule. Qed.

(** ** The Octal Periodicity Theorem

    (Guy and Smith 1956; Winning Ways ch. 4.)  Write j = [heaps code] for
    the most heaps a move leaves: 3 when some digit (d0 included) has bit 8,
    else 2 (checker/src/octal.rs, [Code::heaps]).  If p >= 1 and
    G(n + p) = G(n) for q <= n < N = j q + (j - 1) p + t + 1, then for
    every n >= q.  For j = 2, N = 2q + p + t + 1: the usual statement has
    2q + p + t; the extra position is needed when q = 0
    (checker/src/octal.rs, "The bound": 0.4 with q = 0, p = 1): the largest
    heap b of a split of n + p - k must have b - p >= 1.  For j = 3 the
    proof is the same with the largest of three heaps (checker/src/octal.rs,
    "The theorem for d0 and for three heaps"): N is the range nimcheck
    checks, L - p with L = j (q + p) + t + 1. *)
Definition heaps (code : list nat) : nat :=
  if existsb (fun d => Nat.testbit d 3) code then 3 else 2.

Lemma heaps_cases code : heaps code = 2 \/ heaps code = 3.
Proof. unfold heaps. destruct existsb; auto. Qed.

Lemma heaps_three code k :
  k < length code -> Nat.testbit (digit code k) 3 = true -> heaps code = 3.
Proof.
  intros Hk B. unfold heaps.
  replace (existsb _ code) with true; [reflexivity|]. symmetry.
  apply existsb_exists. exists (digit code k). split; [apply nth_In; exact Hk|exact B].
Qed.

(** A code whose digits are all below 8 has j = 2. *)
Lemma heaps_octal code : Forall (fun d => d < 8) code -> heaps code = 2.
Proof.
  intros H8. unfold heaps. destruct (existsb _ code) eqn:X; [|reflexivity].
  apply existsb_exists in X as [d [Hd B]]. rewrite Forall_forall in H8.
  specialize (H8 d Hd). exfalso.
  do 8 (destruct d as [|d]; [simpl in B; discriminate|]). lia.
Qed.

Theorem octal_periodicity code g q p :
  octal_code code -> octal_rule code g -> 0 < p ->
  (forall n, q <= n < heaps code * q + (heaps code - 1) * p + length code ->
             g (n + p) = g n) ->
  period_from g q p.
Proof.
  intros Hc Hg Hp W n. induction n as [n IH] using lt_wf_ind. intros Hq.
  destruct (lt_dec n (heaps code * q + (heaps code - 1) * p + length code)) as [Hlt|Hge];
    [apply W; lia|].
  assert (H2 : 2 * q + p + length code <= n)
    by (destruct (heaps_cases code) as [E|E]; rewrite E in Hge; lia).
  assert (H3 : forall k, k < length code -> Nat.testbit (digit code k) 3 = true ->
                         3 * q + 2 * p + length code <= n)
    by (intros k Hk B; rewrite (heaps_three code k Hk B) in Hge; lia).
  clear Hge.
  destruct Hc as [_ [_ B1]].
  assert (K0 : forall k, Nat.testbit (digit code k) 1 = true -> 0 < k).
  { intros [|k] B; [congruence | lia]. }
  symmetry. apply (rule_values_eq code g g n (n + p) Hg Hg). intros v. split.
  - intros [k [Hk H]]. exists k. split; [exact Hk|].
    destruct H as [[B [-> ->]]|[[B [Hkn ->]]|[[B [a [b [Ha [Hb [Hs ->]]]]]]|
      [B [a [b [c [Ha [Hb [Hc [Hs ->]]]]]]]]]]].
    + lia.
    + right; left. specialize (K0 k B). repeat split; auto; [lia|].
      replace (n + p - k) with (n - k + p) by lia. symmetry. apply IH; lia.
    + right; right; left. split; [exact B|].
      destruct (le_lt_dec a b) as [Hab|Hab].
      * exists a, (b + p). repeat split; try lia. rewrite (IH b); lia.
      * exists (a + p), b. repeat split; try lia. rewrite (IH a); lia.
    + right; right; right. split; [exact B|]. specialize (H3 k Hk B).
      destruct (le_lt_dec c q) as [Hcq|Hcq]; [destruct (le_lt_dec b q) as [Hbq|Hbq]|].
      * exists (a + p), b, c. repeat split; try lia. rewrite (IH a) by lia. reflexivity.
      * exists a, (b + p), c. repeat split; try lia. rewrite (IH b) by lia. reflexivity.
      * exists a, b, (c + p). repeat split; try lia. rewrite (IH c) by lia. reflexivity.
  - intros [k [Hk H]]. exists k. split; [exact Hk|].
    destruct H as [[B [-> ->]]|[[B [Hkn ->]]|[[B [a [b [Ha [Hb [Hs ->]]]]]]|
      [B [a [b [c [Ha [Hb [Hc [Hs ->]]]]]]]]]]].
    + lia.
    + right; left. specialize (K0 k B). repeat split; auto; [lia|].
      replace (n + p - k) with (n - k + p) by lia. apply IH; lia.
    + right; right; left. split; [exact B|].
      destruct (le_lt_dec a b) as [Hab|Hab].
      * exists a, (b - p). repeat split; try lia.
        rewrite <- (IH (b - p)) by lia. do 2 f_equal. lia.
      * exists (a - p), b. repeat split; try lia.
        rewrite <- (IH (a - p)) by lia. do 2 f_equal. lia.
    + right; right; right. split; [exact B|]. specialize (H3 k Hk B).
      destruct (le_lt_dec c (q + p)) as [Hcq|Hcq];
        [destruct (le_lt_dec b (q + p)) as [Hbq|Hbq]|].
      * exists (a - p), b, c. repeat split; try lia.
        rewrite <- (IH (a - p)) by lia. replace (a - p + p) with a by lia. reflexivity.
      * exists a, (b - p), c. repeat split; try lia.
        rewrite <- (IH (b - p)) by lia. replace (b - p + p) with b by lia. reflexivity.
      * exists a, b, (c - p). repeat split; try lia.
        rewrite <- (IH (c - p)) by lia. replace (c - p + p) with c by lia. reflexivity.
Qed.

(** The two-heap form: for a code whose digits are 0..7 the range is
    q <= n < 2q + p + t + 1. *)
Corollary octal_periodicity_octal code g q p :
  octal_code code -> Forall (fun d => d < 8) code -> octal_rule code g -> 0 < p ->
  (forall n, q <= n < 2 * q + p + length code -> g (n + p) = g n) ->
  period_from g q p.
Proof.
  intros Hc H8 Hg Hp W. apply (octal_periodicity code g q p Hc Hg Hp).
  rewrite (heaps_octal code H8). intros n Hn. apply W. lia.
Qed.
