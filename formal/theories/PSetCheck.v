(** * The checker of a [PSet] claim, and its soundness

    Mirrors checker/src/pset.rs (paper A, the argument of Lemma 16).
    Claim: W0(S) = H + P·N with H ⊆ [0, P), and P is the least period of
    W0(S). *)

From Coq Require Import List Arith Bool Lia.
From Nimcert Require Import Mex Subtraction Period SequenceCheck.
Import ListNotations.

(** What a valid [PSet] certificate proves. *)
Definition pset_claim (S : list nat) (P : nat) (block : list nat) : Prop :=
  (forall x, G S x = 0 <-> exists h k, In h block /\ x = h + k * P) /\
  least_period (fun x => G S x =? 0) P.

Definition check_pset (S : list nat) (P : nat) (block : list nat)
    (cover : list (nat * nat)) (period_witnesses : list (nat * nat)) : bool :=
  let inb := fun x => memb x block in
  moves_ok S && (0 <? P) &&
  (* Rule 1 (block): strictly increasing, inside [0, P) *)
  increasing block && forallb (fun h => h <? P) block &&
  (* Rule 2 (collision-free, across the join too) *)
  forallb (fun h => forallb (fun s => negb (inb ((h + s) mod P))) S) block &&
  (* Rule 3 (cover): the residues [0, P) \ H in order, each with a move *)
  nat_list_eqb (map fst cover) (filter (fun r => negb (inb r)) (seq 0 P)) &&
  forallb (fun w => memb (snd w) S && (snd w <=? fst w) && inb (fst w - snd w)) cover &&
  (* Rule 4 (least period) *)
  minimality_ok P period_witnesses
    (fun x d => (x <? P) && xorb (inb x) (inb ((x + d) mod P))).

(** ** The claim from the four rules, as propositions

    The rules of [check_pset], stated on [In] rather than computed: any
    checker that decides them (the binary one of [PSetFast]) proves the
    claim through this lemma. *)
Theorem pset_claim_of_rules S P block :
  moves_positive S -> 0 < P ->
  (* Rule 1 (block): inside [0, P) *)
  (forall h, In h block -> h < P) ->
  (* Rule 2 (collision-free) *)
  (forall h s, In h block -> In s S -> ~ In ((h + s) mod P) block) ->
  (* Rule 3 (cover) *)
  (forall r, r < P -> ~ In r block -> exists s, In s S /\ s <= r /\ In (r - s) block) ->
  (* Rule 4 (least period): a witness for each prime divisor of P *)
  (forall q, prime q -> Nat.divide q P ->
     exists x, x < P /\ ~ (In x block <-> In ((x + P / q) mod P) block)) ->
  pset_claim S P block.
Proof.
  intros Hpos HP0 Hbelow Hcoll Hcover Hmin.
  assert (HPn : P <> 0) by lia.
  set (T := fun x => In (x mod P) block).
  assert (Hrec : forall x, T x <-> forall s, In s S -> s <= x -> ~ T (x - s)).
  { intros x. unfold T. split.
    - intros Hx s Hs Hle Hxs. apply (Hcoll _ s Hxs Hs).
      rewrite Nat.add_mod_idemp_l, Nat.sub_add by assumption. exact Hx.
    - intros H. destruct (in_dec Nat.eq_dec (x mod P) block) as [Hin|Hnin]; [exact Hin|exfalso].
      set (r := x mod P) in *.
      assert (Hr : r < P) by (apply Nat.mod_upper_bound; exact HPn).
      destruct (Hcover r Hr Hnin) as [s [Hs [Hle Hb]]].
      assert (Hx : x = P * (x / P) + r) by (apply Nat.div_mod; exact HPn).
      apply (H s Hs); [lia|].
      replace (x - s) with ((r - s) + (x / P) * P) by lia.
      rewrite Nat.mod_add by exact HPn. rewrite Nat.mod_small by lia. exact Hb. }
  assert (HW : forall x, G S x = 0 <-> T x).
  { intros x. induction x as [x IH] using lt_wf_ind.
    rewrite (G_zero_iff S x Hpos), (Hrec x). split.
    - intros H s Hs Hle HT. apply (H s Hs Hle).
      apply IH; [specialize (Hpos s Hs); lia | exact HT].
    - intros H s Hs Hle HG. apply (H s Hs Hle).
      apply IH; [specialize (Hpos s Hs); lia | exact HG]. }
  split.
  - intros x. rewrite HW. unfold T. split.
    + intros H. exists (x mod P), (x / P). split; [exact H|].
      rewrite (Nat.div_mod x P HPn) at 1. lia.
    + intros [h [k [Hh ->]]]. specialize (Hbelow h Hh).
      rewrite Nat.mod_add, Nat.mod_small by lia. exact Hh.
  - assert (Hb : forall x, (G S x =? 0) = memb (x mod P) block).
    { intros x. destruct (G S x =? 0) eqn:E, (memb (x mod P) block) eqn:F; auto.
      - apply Nat.eqb_eq, HW in E. unfold T in E. apply memb_In in E. congruence.
      - exfalso. apply Nat.eqb_neq in E. apply E, HW. apply memb_In, F. }
    apply (least_period_of_witnesses _ 0 P HP0).
    + intros x _. rewrite !Hb. replace (x + P) with (x + 1 * P) by lia.
      rewrite Nat.mod_add by exact HPn. reflexivity.
    + intros q Hq Hd. destruct (Hmin q Hq Hd) as [x [HxP Hx]].
      exists x. split; [lia|]. rewrite !Hb. rewrite (Nat.mod_small x P HxP).
      intros E. apply Hx. rewrite <- !memb_In, E. reflexivity.
Qed.

Theorem check_pset_sound S P block cover pw :
  check_pset S P block cover pw = true -> pset_claim S P block.
Proof.
  unfold check_pset. cbv zeta. intros H.
  repeat match type of H with
  | (_ && _) = true => apply andb_true_iff in H as [H ?]
  end.
  rename H into Hmoves.
  match goal with
  | Hp : (0 <? P) = true, Hlt : forallb (fun h => h <? P) _ = true,
    Hcol : forallb (fun h => forallb _ S) _ = true,
    Hres : nat_list_eqb _ _ = true, Hcov : forallb _ cover = true,
    Hm : minimality_ok _ _ _ = true |- _ =>
      rename Hp into HP0, Hlt into Hbelow, Hcol into Hcoll, Hres into Hresid,
      Hcov into Hcover, Hm into Hmin
  end.
  apply Nat.ltb_lt in HP0.
  apply pset_claim_of_rules; [exact (moves_ok_positive S Hmoves) | exact HP0 | ..].
  - (* Rule 1 *)
    intros h Hh. rewrite forallb_forall in Hbelow. apply Nat.ltb_lt, Hbelow, Hh.
  - (* Rule 2 *)
    intros h s Hh Hs Hin. rewrite forallb_forall in Hcoll. specialize (Hcoll h Hh).
    rewrite forallb_forall in Hcoll. specialize (Hcoll s Hs).
    apply memb_In in Hin. rewrite Hin in Hcoll. discriminate.
  - (* Rule 3 *)
    intros r Hr Hnin.
    assert (Hin : In r (map fst cover)).
    { apply nat_list_eqb_eq in Hresid. rewrite Hresid. apply filter_In.
      split; [apply in_seq; lia|].
      destruct (memb r block) eqn:Er; [apply memb_In in Er; contradiction | reflexivity]. }
    apply in_map_iff in Hin as [[r' s] [E Hw]]. simpl in E. subst r'.
    rewrite forallb_forall in Hcover. specialize (Hcover _ Hw). simpl in Hcover.
    apply andb_true_iff in Hcover as [Hcover Hb].
    apply andb_true_iff in Hcover as [Hs Hle].
    exists s. split; [apply memb_In, Hs|].
    split; [apply Nat.leb_le, Hle | apply memb_In, Hb].
  - (* Rule 4 *)
    intros q Hq Hd. destruct (minimality_ok_spec P pw _ HP0 Hmin q Hq Hd) as [x Hx].
    apply andb_true_iff in Hx as [HxP Hx]. apply Nat.ltb_lt in HxP.
    exists x. split; [exact HxP|]. rewrite <- !memb_In. intros E.
    destruct (memb x block), (memb ((x + P / q) mod P) block);
      simpl in Hx; try discriminate; intuition congruence.
Qed.

