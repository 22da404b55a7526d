"""Fingerprints move into posts (they were an app of their own, `fingerprints`).

The model keeps its table, `fingerprints_fingerprint`. On a fresh database this migration creates
it; on a database where the old app already created it (with rows), the table is adopted as it is
and nothing is copied or lost. The old app's rows in `django_migrations` stay behind, harmless:
Django ignores migration records of apps that are no longer installed.
"""

import django.db.models.deletion
from django.db import migrations, models

TABLE = "fingerprints_fingerprint"


def create_table_unless_present(apps, schema_editor):
    if TABLE in schema_editor.connection.introspection.table_names():
        return  # made by the former fingerprints app: keep it and its rows
    schema_editor.create_model(apps.get_model("posts", "Fingerprint"))


def drop_table(apps, schema_editor):
    schema_editor.delete_model(apps.get_model("posts", "Fingerprint"))


class Migration(migrations.Migration):

    dependencies = [
        ('posts', '0002_message_posted_unchecked'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='Fingerprint',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('choices', models.JSONField(default=list)),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('version', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='fingerprint', to='posts.version')),
                    ],
                    options={
                        'db_table': TABLE,
                    },
                ),
            ],
        ),
        migrations.RunPython(create_table_unless_present, drop_table),
    ]
