/** The models that carry add/change/delete/view permissions, by Django-style app label. */
export const permissionModels = {
  auth: ['user', 'group', 'permission', 'session'],
  core: [
    'pagetemplate',
    'page',
    'report',
    'reporttag',
    'featuredinsight',
    'publication',
    'auditlog',
    'smsservice',
  ],
  restrictions: [
    'restriction',
    'restrictionversion',
    'restrictionupdate',
    'restrictionaccess',
    'commitment',
    'sector',
    'policy',
    'notification',
    'indicator',
    'country',
  ],
  complaints: ['complaint', 'complaintattachment', 'reviewlog', 'reviewstage', 'publicholiday'],
} as const;

export const permissionActions = ['add', 'change', 'delete', 'view'] as const;
export type PermissionAction = (typeof permissionActions)[number];

/** The stages a complaint is reviewed through, in order. */
export const reviewStages = ['regulator', 'regional', 'council'] as const;
export type ReviewStage = (typeof reviewStages)[number];

/** Permission to review complaints at one stage, e.g. `complaints.review_regulator`. */
export function reviewPermission(stage: ReviewStage): string {
  return `complaints.review_${stage}`;
}

export interface PermissionDefinition {
  codename: string;
  appLabel: string;
  action: string;
  model: string;
  name: string;
}

/** Every permission the portal knows: add/change/delete/view per model, plus the review-stage ones. */
export function allPermissionDefinitions(): PermissionDefinition[] {
  const crud = Object.entries(permissionModels).flatMap(([appLabel, models]) =>
    models.flatMap((model) =>
      permissionActions.map((action) => ({
        codename: `${appLabel}.${action}_${model}`,
        appLabel,
        action,
        model,
        name: `Can ${action} ${model}`,
      })),
    ),
  );
  const review = reviewStages.map((stage) => ({
    codename: reviewPermission(stage),
    appLabel: 'complaints',
    action: 'review',
    model: 'complaint',
    name: `Can review complaints at the ${stage} stage`,
  }));
  return [...crud, ...review];
}
