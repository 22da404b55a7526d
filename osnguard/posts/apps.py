from django.apps import AppConfig


class PostsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "osnguard.posts"
    label = "posts"
    verbose_name = "Posts"
